import { type RenderedScore, renderScore } from './render-score.ts';
import { studentScore } from './student-score.ts';

/**
 * The preview image of a document: the first page of its score, about 1000 px
 * wide, on white. Throws HarError('The score could not be read: …') for a score
 * Verovio cannot read. Callers run it in a job with a time limit and cache the
 * result under the document's content hash (format.ts `contentHash`). Students see previews, so it
 * is drawn without analysis text written into the score (student-score.ts, issue 26).
 */
export function renderPreview(musicxml: string): Promise<RenderedScore> {
  return renderScore(studentScore(musicxml).score);
}

/**
 * The image of a part-writing score (issue 27), as a preview and as a submission's image: drawn
 * whole, because its figures or numerals are the exercise (the student copy holds them), not
 * analysis written into the score that `studentScore` would take out.
 */
export function renderPartWritingPreview(musicxml: string): Promise<RenderedScore> {
  return renderScore(musicxml);
}
