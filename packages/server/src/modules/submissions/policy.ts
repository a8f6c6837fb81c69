import type { ShowAnswers, ShowFindings } from '@app/contract/assignments';
import { SubmissionMessages } from '@app/contract/submissions';
import { TIMED_GRACE_SECONDS } from '@app/contract/workspace';
import type { Reveal } from '@app/har/grade';

/** What the submission rules read of a document. */
export type DocumentRules = {
  gradable: number;
  practice: number;
  multiple_submissions: number;
  timed: number;
  timed_time_seconds: number | null;
  due_at: number;
};

/**
 * Why a student's submission of a document is refused now, or null when it is taken:
 * not gradable, past the (extended) due date unless practice, a second formal
 * submission where only one is allowed, a timed document not yet opened or past its
 * limit (with a few seconds' grace for the network). The server is the clock.
 */
export function submissionRefusal(
  doc: DocumentRules,
  state: { extensionDueAt: number | null; formalCount: number; startedAt: number | undefined; now: number },
): { message: string; status: 409 } | null {
  const refuse = (message: string) => ({ message, status: 409 as const });
  if (doc.gradable !== 1) return refuse(SubmissionMessages.notGradable);
  if (doc.practice === 1) return null;
  if (state.now > Math.max(doc.due_at, state.extensionDueAt ?? 0)) return refuse(SubmissionMessages.pastDue);
  if (doc.multiple_submissions !== 1 && state.formalCount > 0) return refuse(SubmissionMessages.alreadySubmitted);
  if (doc.timed === 1) {
    if (state.startedAt === undefined) return refuse(SubmissionMessages.downloadFirst);
    if (state.now > state.startedAt + (doc.timed_time_seconds ?? 0) + TIMED_GRACE_SECONDS) return refuse(SubmissionMessages.timeUp);
  }
  return null;
}

/** Whether the expected labels of a document may be shown to its students now. */
export function answersShown(doc: { show_answers: ShowAnswers; due_at: number }, extensionDueAt: number | null, now: number): boolean {
  if (doc.show_answers === 'IMMEDIATELY') return true;
  if (doc.show_answers === 'NEVER') return false;
  return now > Math.max(doc.due_at, extensionDueAt ?? 0);
}

/**
 * How much of a submission's grading a student sees: everything once answers are
 * shown; before that right and wrong per item (a part-writing exercise's findings) for
 * practice work (its purpose is feedback) and for formal work whose document shows its
 * findings at hand-in (issue 35), and nothing but their answers and the total for other
 * formal work. A withheld grade (gradeWithheld) shows none of it, whatever this says.
 */
export function studentReveal(practiceSubmission: boolean, shown: boolean, findingsAtHandIn = false): Reveal {
  if (shown) return 'full';
  return practiceSubmission || findingsAtHandIn ? 'marks' : 'none';
}

/** Whether a document shows formal work's findings at hand-in rather than with the answers (issue 35). */
export function findingsAtHandIn(doc: { show_findings: ShowFindings }): boolean {
  return doc.show_findings === 'AT_HAND_IN';
}

/**
 * When a student who may not see their findings yet will see them: the (extended) due date for
 * answers shown after it, null when answers are never shown. Undefined when they are shown now.
 */
export function findingsShownAt(
  doc: { show_answers: ShowAnswers; show_findings: ShowFindings; due_at: number },
  extensionDueAt: number | null,
  now: number,
): number | null | undefined {
  if (findingsAtHandIn(doc) || answersShown(doc, extensionDueAt, now)) return undefined;
  return doc.show_answers === 'AFTER_DUE' ? Math.max(doc.due_at, extensionDueAt ?? 0) : null;
}

/** A grade a student may not see yet: delay showing grade until show_grade_on_date (DESIGN §6). */
export function gradeWithheld(row: { delay_showing_grade: number; show_grade_on_date: number | null }, now: number): boolean {
  return row.delay_showing_grade === 1 && (row.show_grade_on_date === null || row.show_grade_on_date > now);
}
