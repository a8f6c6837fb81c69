import { parseKeyedLabel } from '@app/contract/keyed-label';
import type { GradeResult, Reveal } from './grade.ts';
import { fitLabels } from './label-fit.ts';
import { type RenderedScore, renderAllPagesSvg, svgToPng } from './render-score.ts';
import { addScoreLabels } from './score-labels.ts';
import { studentScore } from './student-score.ts';

export const RIGHT_COLOR = '#1b7f3b';
export const WRONG_COLOR = '#c62828';
export const PLAIN_COLOR = '#1f2933';

/**
 * The submission image: the exercise's whole score, every page one under another, with the
 * student's labels under the notes, green when right and red when wrong ('—' for an item left blank).
 * A label whose measure and beat hold no note is left out of the picture; the
 * grade report still lists it. With reveal 'none' every label is plain: the
 * colours would tell a student which answers were right. Keys show as the student wrote them
 * ('E: V' where their key changes); with an opening key (decision 031) the first label that names
 * none is prefixed with it ('A: I'), so the picture says which key the labels start in.
 */
export async function renderSubmissionImage(
  musicxml: string,
  result: Pick<GradeResult, 'items' | 'key'>,
  reveal: Reveal = 'full',
): Promise<RenderedScore> {
  const labels = withOpeningKey(result).map((item) => ({
    measure: item.measure,
    beat: item.beat,
    text: item.answer.trim() === '' ? '—' : item.answer.trim(),
    color: reveal === 'none' ? PLAIN_COLOR : item.correct ? RIGHT_COLOR : WRONG_COLOR,
  }));
  // Without analysis text written into the score: the student's labels are the only ones (issue 26).
  // Every page, so every label is in the picture (a preview shows only the first).
  // Each label kept clear of the next, as the picture's fonts draw it (QA2-4).
  const svg = fitLabels(await renderAllPagesSvg(addScoreLabels(studentScore(musicxml).score, labels).musicxml));
  return { ...svgToPng(svg), svg };
}

/** The items in score order, the first answered one prefixed with the opening key unless it names a key itself. */
function withOpeningKey(result: Pick<GradeResult, 'items' | 'key'>): GradeResult['items'] {
  const items = [...result.items].sort((a, b) => a.measure - b.measure || a.beat - b.beat);
  if (result.key === undefined) return items;
  const first = items.findIndex((item) => item.answer.trim() !== '');
  const item = items[first];
  if (!item) return items;
  const label = parseKeyedLabel(item.answer);
  if (label?.readings[0].key !== undefined) return items;
  items[first] = { ...item, answer: `${result.key}: ${item.answer.trim()}` };
  return items;
}
