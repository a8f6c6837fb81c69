import { exerciseItems, type HarDocument } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import type { WorkspaceScore } from '@app/har/workspace-score';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';

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
