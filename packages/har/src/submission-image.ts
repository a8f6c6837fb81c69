import type { GradeResult, Reveal } from './grade.ts';
import { type RenderedScore, renderScore } from './render-score.ts';
import { addScoreLabels } from './score-labels.ts';
import { studentScore } from './student-score.ts';

export const RIGHT_COLOR = '#1b7f3b';
export const WRONG_COLOR = '#c62828';
export const PLAIN_COLOR = '#1f2933';

/**
 * The submission image: the exercise's score with the student's labels under
 * the notes, green when right and red when wrong ('—' for an item left blank).
 * A label whose measure and beat hold no note is left out of the picture; the
 * grade report still lists it. With reveal 'none' every label is plain: the
 * colours would tell a student which answers were right.
 */
export function renderSubmissionImage(
  musicxml: string,
  result: Pick<GradeResult, 'items'>,
  reveal: Reveal = 'full',
): Promise<RenderedScore> {
  const labels = result.items.map((item) => ({
    measure: item.measure,
    beat: item.beat,
    text: item.answer.trim() === '' ? '—' : item.answer.trim(),
    color: reveal === 'none' ? PLAIN_COLOR : item.correct ? RIGHT_COLOR : WRONG_COLOR,
  }));
  // Without analysis text written into the score: the student's labels are the only ones (issue 26).
  return renderScore(addScoreLabels(studentScore(musicxml).score, labels).musicxml);
}
