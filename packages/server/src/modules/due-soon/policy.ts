import type { DueState } from '@app/contract/due-soon';

/** What the list reads of one document and the student's work on it. */
export type DueWork = {
  practice: number;
  timed: number;
  timed_time_seconds: number | null;
  handedIn: boolean;
  draftSavedAt: number | null;
  startedAt: number | null;
};

/**
 * Where a student stands with a document: handed in (any submission) is submitted; a timed
 * exercise whose clock started without a hand-in is time_limit (its clock runs, or ran out,
 * whatever the draft); a saved draft is in_progress; else not_started.
 */
export function dueState(work: DueWork): DueState {
  if (work.handedIn) return 'submitted';
  if (isTimed(work) && work.startedAt !== null) return 'time_limit';
  if (work.draftSavedAt !== null) return 'in_progress';
  return 'not_started';
}

/** A time limit applies to formal work only (practice mode turns timing off, spec §4). */
export function isTimed(work: Pick<DueWork, 'practice' | 'timed' | 'timed_time_seconds'>): boolean {
  return work.practice !== 1 && work.timed === 1 && work.timed_time_seconds !== null;
}
