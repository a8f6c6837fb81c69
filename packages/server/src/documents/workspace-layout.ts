import { Readable } from 'node:stream';
import type { HarRef } from '@app/contract/har-messages';
import type { Workspace } from '@app/contract/workspace';
import { contentHash, exerciseItems, type HarDocument } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import type { WorkspaceScore } from '@app/har/workspace-score';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { CpuTaskError } from '../lib/cpu-pool.ts';

/**
 * An exercise's score laid out for the workspace with its items placed on it, as the answer-key
 * editor and the student workspace both show it. A score Verovio cannot read is a 409: the stored
 * document is what is wrong, not the request. Drawn in the CPU pool (decision 032).
 */
export async function layOutExercise(deps: Pick<Deps, 'cpu'>, exercise: HarDocument): Promise<WorkspaceScore> {
  try {
    return await deps.cpu.run('renderWorkspaceScore', [exercise.score, exerciseItems(exercise)]);
  } catch (error) {
    if (error instanceof HarError) throw AppError.harConflict(error);
    throw error;
  }
}

/** An exercise laid out for the answer-key editor: the drawn score, and each item placed with its points. */
export type KeyEditorLayout = {
  score: ReturnType<typeof presentScore>;
  items: (ReturnType<typeof presentPlacedItem> & { points: number })[];
};

/**
 * The answer-key editor's layout of a keyed exercise (Edit Answers): the layout stored for its student
 * copy (issue 40: laid out at upload, or by the first open, and stored then) when the copy's score and
 * items are the exercise's, so a visit lays nothing out; the copy laid out and stored now when it has
 * none yet. A copy whose score lost analysis text (issue 26) is not what the editor shows: the whole
 * score is laid out then, as before. A stored refusal is a 409, as in the workspace.
 */
export async function keyEditorLayout(
  deps: Pick<Deps, 'storage' | 'cpu'>,
  exercise: HarDocument,
  copyBytes: Uint8Array | null,
): Promise<KeyEditorLayout> {
  if (copyBytes) {
    const copy = await deps.cpu.run('readHar', [copyBytes]);
    if (copy.score === exercise.score && JSON.stringify(exerciseItems(copy)) === JSON.stringify(exerciseItems(exercise))) {
      try {
        const stored = await storedLayout(deps, contentHash(copyBytes));
        if (stored && 'failed' in stored) throw stored.failed;
        const layout = stored?.layout ?? (await layOutStudentCopy(deps, copyBytes, { rememberFailure: true, copy }));
        if (layout.score) return { score: layout.score, items: layout.items as KeyEditorLayout['items'] };
      } catch (error) {
        if (error instanceof HarError) throw AppError.harConflict(error);
        throw error;
      }
    }
  }
  const layout = await layOutExercise(deps, exercise);
  return {
    score: presentScore(layout),
    items: layout.items.map((item, index) => ({ ...presentPlacedItem(item, index), points: item.points })),
  };
}

/** An item placed on the layout as the API sends it: its number in score order, position and notes. */
export function presentPlacedItem(item: WorkspaceScore['items'][number], index: number) {
  return {
    id: item.id,
    number: index + 1,
    measure: item.measure,
    beat: item.beat,
    measure_label: item.measure_label,
    beat_label: item.beat_label,
    x: item.x,
    onset: item.onset,
    note_ids: item.note_ids,
  };
}

/** The drawn score of a layout as the API sends it (the items go separately, each with its own fields). */
export function presentScore(layout: WorkspaceScore) {
  return { svg: layout.svg, width: layout.width, height: layout.height, tempo: layout.tempo, notes: layout.notes };
}

/**
 * What the workspace shows of a student copy: the laid-out score and its items (issue 13), or a
 * part-writing document's chords (issue 27). `key`: the exercise's opening key from the copy
 * (decision 031); layouts stored before it have none.
 */
export type RenderedWorkspace = {
  score: Workspace['score'];
  items: Workspace['items'];
  key?: string | null;
  /** A part-writing document (issue 27): its chords and voices, no drawn score. */
  part_writing?: Workspace['part_writing'];
};

// v2: measures carry their own numbers (data-n) and items the measure and beat people read (issue 24).
/** A student copy's stored layout, by the hash of the copy (a copy's storage key never gets other content). */
export const layoutKey = (copyHash: string) => `workspaces/v2-${copyHash}.json`;
/** Why a student copy could not be laid out, stored so that no open tries again (issue 40). */
export const failedLayoutKey = (copyHash: string) => `workspaces/v2-${copyHash}.failed.json`;

/** A stored layout, or the refusal stored when the copy could not be laid out; undefined when it never was. */
export async function storedLayout(
  deps: Pick<Deps, 'storage'>,
  copyHash: string,
): Promise<{ layout: RenderedWorkspace } | { failed: HarError } | undefined> {
  const [layout, failed] = await Promise.all([deps.storage.stat(layoutKey(copyHash)), deps.storage.stat(failedLayoutKey(copyHash))]);
  if (layout) return { layout: JSON.parse(await readText(deps, layoutKey(copyHash))) as RenderedWorkspace };
  if (failed) {
    const { message, ref } = JSON.parse(await readText(deps, failedLayoutKey(copyHash))) as { message: string; ref?: HarRef };
    return { failed: new HarError(ref ?? message, 'unreadable_score') };
  }
  return undefined;
}

async function readText(deps: Pick<Deps, 'storage'>, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A refusal that says something about the score, so it stays true however often it is tried: the
 * score unreadable, the work too slow or too large (issue 40). A stopped or crashed thread (a
 * shutdown, a job's signal) says nothing about the score and is not remembered.
 */
export function lastingRefusal(error: unknown): error is HarError {
  return error instanceof HarError && !(error instanceof CpuTaskError && (error.reason === 'aborted' || error.reason === 'crashed'));
}

/**
 * Lays out an analysis exercise's student copy for the workspace in the CPU pool's score threads
 * and stores the layout (read by every later open, by any instance). A score that cannot be laid
 * out throws its HarError; `copy` is the document the bytes were written from (not read again).
 * With `rememberFailure` (a copy students already open) the refusal is
 * stored too, so no later open or instance tries again: a score that took the whole time limit
 * once would take it every time (issue 40). An upload instead refuses the file and stores nothing.
 */
export async function layOutStudentCopy(
  deps: Pick<Deps, 'storage' | 'cpu'>,
  copyBytes: Uint8Array,
  options: { rememberFailure: boolean; copy?: HarDocument },
): Promise<RenderedWorkspace> {
  const copyHash = contentHash(copyBytes);
  let value: RenderedWorkspace;
  try {
    // The copy as it was written (an upload), else read from its bytes.
    const copy = options.copy ?? (await deps.cpu.run('readHar', [copyBytes]));
    const layout = await deps.cpu.run('renderWorkspaceScore', [copy.score, exerciseItems(copy)]);
    value = {
      score: presentScore(layout),
      items: layout.items.map((item, index) => ({ ...presentPlacedItem(item, index), points: item.points })),
      key: copy.items?.key ?? null,
    };
  } catch (error) {
    if (options.rememberFailure && lastingRefusal(error)) {
      const body = JSON.stringify({ message: error.message, ref: error.ref });
      await deps.storage.put(failedLayoutKey(copyHash), Readable.from(Buffer.from(body, 'utf8')), { contentType: 'application/json' });
    }
    throw error;
  }
  await deps.storage.put(layoutKey(copyHash), Readable.from(Buffer.from(JSON.stringify(value), 'utf8')), {
    contentType: 'application/json',
  });
  return value;
}
