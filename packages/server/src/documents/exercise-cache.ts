import type { HarDocument, SubmissionHead } from '@app/har/format';
import { givenVoicesScore, type PartWritingDocument } from '@app/har/part-writing/document';
import type { Deps } from '../deps.ts';
import { loadHar } from './har-files.ts';
import { isPartWritingHar } from './part-writing-files.ts';

/** A stored document file read once: an analysis exercise, or a part-writing exercise (issue 27). */
export type ReadExercise = { kind: 'har'; doc: HarDocument } | { kind: 'part-writing'; doc: PartWritingDocument };

export type ExerciseCache = {
  /** The document file at `storageKey`, read from storage and parsed in the CPU pool at most once while it stays cached. */
  read(storageKey: string): Promise<ReadExercise>;
  /**
   * The manifest and score entries of every submission `.har` of the analysis exercise at
   * `storageKey` handed in under `documentKey`, checked and deflated in the CPU pool once while
   * cached (issue 29): a hand-in adds only its answers (`writeSubmissionHar`).
   */
  submissionHead(storageKey: string, documentKey: string, exercise: HarDocument): Promise<SubmissionHead>;
};

/**
 * Parsed document files by storage key, the most recently used `size` of them (issue 29): at a
 * deadline every hand-in of a document grades against the same file, which was read from storage
 * and parsed again for each. A storage key never names other content (a new key version, student
 * copy or upload gets a new name, decision 020), so an entry never goes stale; concurrent misses of
 * one key share one read. A read that fails is not kept. Entries are shared: callers must not
 * change them.
 */
export function createExerciseCache(deps: Pick<Deps, 'storage' | 'cpu'>, size = 32): ExerciseCache {
  const exercises = lru<ReadExercise>(size);
  const heads = lru<SubmissionHead>(size);
  return {
    read(storageKey) {
      return exercises(storageKey, async () => {
        const bytes = await loadHar(deps, storageKey);
        if (isPartWritingHar(bytes)) {
          // Its score as the given voices write it (issue 40): a file stored before uploads were written
          // again may hold the model's voices in score.musicxml, and a hand-in's stored file keeps this score.
          const doc = await deps.cpu.run('readPartWritingHar', [bytes]);
          return { kind: 'part-writing', doc: { ...doc, score: givenVoicesScore(doc.manifest.title, doc.exercise) } };
        }
        return { kind: 'har', doc: await deps.cpu.run('readHar', [bytes]) };
      });
    },
    submissionHead(storageKey, documentKey, exercise) {
      // A document's key is fixed and a storage key never names other content: the pair names one head.
      return heads(`${storageKey}\n${documentKey}`, () => deps.cpu.run('submissionHead', [exercise, documentKey]));
    },
  };
}

/**
 * Promises by key, the most recently used `size` of them; concurrent misses of one key share one
 * `make`, and a failed one is not kept.
 */
function lru<T>(size: number): (key: string, make: () => Promise<T>) => Promise<T> {
  const entries = new Map<string, Promise<T>>();
  return (key, make) => {
    const hit = entries.get(key);
    if (hit) {
      // Most recently used last: a Map iterates in insertion order, so the first key is the oldest.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const making = make();
    entries.set(key, making);
    making.catch(() => {
      if (entries.get(key) === making) entries.delete(key);
    });
    while (entries.size > size) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
    return making;
  };
}
