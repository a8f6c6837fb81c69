import { gradeWithheld } from '../submissions/policy.ts';
import { LINE_ITEM_SCORE_MAXIMUM } from './policy.ts';

/** The rules of Assignment and Grade Services 2.0 (issue 28, decision 038): what a line item's score is, and when it may go out. */

export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** What the score rules read of a document. */
export type ScoredDocument = {
  id: number;
  gradable: number;
  practice: number;
  delay_showing_grade: number;
  show_grade_on_date: number | null;
};

export type ScorePost =
  | {
      scoreGiven: number;
      scoreMaximum: number;
      activityProgress: 'InProgress' | 'Completed';
      gradingProgress: 'FullyGraded' | 'Pending';
    }
  /** No score (AGS: a post without scoreGiven clears the LMS's), when nothing is handed in any more. */
  | { activityProgress: 'Initialized'; gradingProgress: 'NotReady' }
  /** No score while a grade the LMS had is withheld again (`withheldScore`): cleared, and pending its release. */
  | { activityProgress: 'InProgress' | 'Completed'; gradingProgress: 'Pending' };

export const CLEARED: ScorePost = { activityProgress: 'Initialized', gradingProgress: 'NotReady' };

/**
 * Whether nothing counted is handed in in a set (every formal submission was removed): the LMS's
 * score is cleared then. While anything is handed in, withheld or not, nothing is cleared.
 */
export function nothingHandedIn(docs: readonly ScoredDocument[], best: readonly { document_id: number }[]): boolean {
  const countedIds = new Set(docs.filter(counted).map((d) => d.id));
  return !best.some((b) => countedIds.has(Number(b.document_id)));
}

/** The documents a set's score is made of: its graded, formal exercises (as the grade book's default shows them). */
export const counted = (doc: ScoredDocument) => doc.gradable === 1 && doc.practice !== 1;

/**
 * When a student's grade of a document may go out, in seconds from now: 0 once the student may see
 * it (no delay, or the delay's date has come), the seconds until `show_grade_on_date` while it is
 * delayed, undefined while it is delayed without a date (nothing goes out until one is set).
 */
export function releaseDelay(doc: Pick<ScoredDocument, 'delay_showing_grade' | 'show_grade_on_date'>, now: number): number | undefined {
  if (!gradeWithheld(doc, now)) return 0;
  if (doc.show_grade_on_date === null) return undefined;
  return doc.show_grade_on_date - now;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A set's line-item score for a student, as a percentage (score maximum 100): the mean of the
 * percentages of the set's graded formal exercises, each exercise's best formal submission, an
 * exercise not handed in, or whose grade is still withheld, counting 0. Undefined while no
 * released grade is in it (nothing to post: the LMS must learn nothing of a withheld grade).
 * Completed once every counted exercise is handed in; Pending while a handed-in grade is withheld.
 */
export function setScore(
  docs: readonly ScoredDocument[],
  best: readonly { document_id: number; percent: number }[],
  now: number,
): ScorePost | undefined {
  const scored = docs.filter(counted);
  if (scored.length === 0) return undefined;
  const percentOf = new Map(best.map((b) => [Number(b.document_id), Number(b.percent)]));
  let sum = 0;
  let released = 0;
  let withheld = 0;
  let handedIn = 0;
  for (const doc of scored) {
    const percent = percentOf.get(doc.id);
    if (percent === undefined) continue;
    handedIn += 1;
    if (gradeWithheld(doc, now)) {
      withheld += 1;
      continue;
    }
    released += 1;
    sum += percent;
  }
  if (released === 0) return undefined;
  return {
    scoreGiven: round(sum / scored.length),
    scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
    activityProgress: handedIn === scored.length ? 'Completed' : 'InProgress',
    gradingProgress: withheld > 0 ? 'Pending' : 'FullyGraded',
  };
}

/** A single exercise's line-item score: its best formal submission's percentage once released; undefined before. */
export function documentScore(
  doc: ScoredDocument,
  best: readonly { document_id: number; percent: number }[],
  now: number,
): ScorePost | undefined {
  const found = best.find((b) => Number(b.document_id) === doc.id);
  if (!counted(doc) || !found || gradeWithheld(doc, now)) return undefined;
  return {
    scoreGiven: round(Number(found.percent)),
    scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  };
}

/**
 * The post that takes back a grade the LMS was sent and may no longer show (the instructor turned
 * on the delay, or moved its date later): without `scoreGiven`, which AGS 2.0 says clears the
 * platform's score ("When scoreGiven is not present or null, this indicates there is presently no
 * score for that user, and the platform should clear any previous score value"), `Pending` until
 * the release date's post sends it again. Only when everything handed in of `docs` (a set's, or
 * one deep-linked exercise) is withheld: otherwise `setScore`/`documentScore` have a score to post.
 */
export function withheldScore(
  docs: readonly ScoredDocument[],
  best: readonly { document_id: number }[],
  now: number,
): ScorePost | undefined {
  const scored = docs.filter(counted);
  const handed = new Set(best.map((b) => Number(b.document_id)));
  const handedIn = scored.filter((d) => handed.has(d.id));
  if (handedIn.length === 0 || !handedIn.every((d) => gradeWithheld(d, now))) return undefined;
  return { activityProgress: handedIn.length === scored.length ? 'Completed' : 'InProgress', gradingProgress: 'Pending' };
}

/** The scores endpoint of a line item: its URL with `/scores` added to the path (a query string stays after it). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}
