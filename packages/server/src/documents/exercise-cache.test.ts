import { Readable } from 'node:stream';
import { type HarDocument, readHar, submissionHead } from '@app/har/format';
import { describe, expect, it } from 'vitest';
import { sampleExercise } from '../../test/helpers.ts';
import type { Deps } from '../deps.ts';
import { createExerciseCache } from './exercise-cache.ts';

/** A cache over fake storage (every key holds the sample exercise, or fails) and a pool that parses on this thread, counting both. */
function world(options: { failing?: Set<string> } = {}) {
  const { bytes } = sampleExercise();
  const counts = { get: 0, parse: 0, head: 0 };
  const storage = {
    async get(key: string) {
      counts.get += 1;
      if (options.failing?.has(key)) throw new Error(`no ${key}`);
      return Readable.from([Buffer.from(bytes)]);
    },
  } as unknown as Deps['storage'];
  const cpu = {
    async run(task: string, args: [Uint8Array] | [HarDocument, string]) {
      if (task === 'submissionHead') {
        counts.head += 1;
        return submissionHead(args[0] as HarDocument, args[1] as string);
      }
      counts.parse += 1;
      if (task !== 'readHar') throw new Error(`unexpected task ${task}`);
      return readHar(args[0] as Uint8Array);
    },
  } as unknown as Deps['cpu'];
  return { cache: createExerciseCache({ storage, cpu }, 2), counts };
}

describe('exercise cache (issue 29)', () => {
  it('reads and parses a file version once, however many hand-ins ask at once or later', async () => {
    const { cache, counts } = world();
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.read('documents/a.har')));
    expect(new Set(all).size).toBe(1);
    expect(all[0]?.kind).toBe('har');
    await cache.read('documents/a.har');
    expect(counts).toEqual({ get: 1, parse: 1, head: 0 });
  });

  it("makes a document's submission head once per file version and document key", async () => {
    const { cache, counts } = world();
    const read = await cache.read('documents/a.har');
    if (read.kind !== 'har') throw new Error('not an analysis exercise');
    const heads = await Promise.all(Array.from({ length: 10 }, () => cache.submissionHead('documents/a.har', 'doc-1', read.doc)));
    expect(new Set(heads).size).toBe(1);
    expect(counts.head).toBe(1);
    // Another document key (a copy of the document in another course) is another head.
    const other = await cache.submissionHead('documents/a.har', 'doc-2', read.doc);
    expect(other).not.toBe(heads[0]);
    expect(counts.head).toBe(2);
  });

  it('keeps only the most recently used files', async () => {
    const { cache, counts } = world();
    await cache.read('a');
    await cache.read('b');
    await cache.read('a'); // a is now the most recent
    await cache.read('c'); // b goes
    expect(counts.get).toBe(3);
    await cache.read('a');
    await cache.read('c');
    expect(counts.get).toBe(3);
    await cache.read('b');
    expect(counts.get).toBe(4);
  });

  it('does not keep a read that failed', async () => {
    const failing = new Set(['gone']);
    const { cache, counts } = world({ failing });
    await expect(cache.read('gone')).rejects.toThrow('no gone');
    failing.clear();
    expect((await cache.read('gone')).kind).toBe('har');
    expect(counts.get).toBe(2);
  });
});
