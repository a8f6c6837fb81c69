import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { Submission } from '@app/contract/submissions';
import type { DraftSummary } from '@app/contract/workspace';

/**
 * Where a student stands with one document, as the assignments list shows it:
 * - submitted: handed in (its best submission; the grade may still be withheld),
 * - inProgress: answers saved as a draft, or a timed document's clock running (`deadlineAt`), not handed in,
 * - timeUp: a started timed document whose time ran out with nothing handed in,
 * - pastDue: the (extended) due date passed with nothing handed in (practice never is),
 * - notStarted: nothing yet,
 * - notGraded: the document takes no submissions (to read and hear only).
 */
export type DocumentState =
  | { kind: 'submitted'; submission: Submission }
  | { kind: 'inProgress'; savedAt: number | null; deadlineAt: number | null }
  | { kind: 'timeUp' }
  | { kind: 'pastDue' }
  | { kind: 'notStarted' }
  | { kind: 'notGraded' };

/** The due date that applies to the student: their extension when they have one. */
export function dueDateOf(set: Pick<AssignmentSet, 'due_at' | 'extension_due_at'>): number {
  return set.extension_due_at ?? set.due_at;
}

export function documentState(
  doc: Pick<CourseDocument, 'id' | 'gradable' | 'practice'>,
  set: Pick<AssignmentSet, 'due_at' | 'extension_due_at'>,
  best: ReadonlyMap<number, Submission>,
  drafts: ReadonlyMap<number, DraftSummary>,
  now: number,
): DocumentState {
  if (!doc.gradable) return { kind: 'notGraded' };
  const submission = best.get(doc.id);
  if (submission) return { kind: 'submitted', submission };
  const draft = drafts.get(doc.id);
  if (!doc.practice && now > dueDateOf(set)) return { kind: 'pastDue' };
  if (draft?.deadline_at != null && now >= draft.deadline_at) return { kind: 'timeUp' };
  if (draft) return { kind: 'inProgress', savedAt: draft.updated_at, deadlineAt: draft.deadline_at };
  return { kind: 'notStarted' };
}
