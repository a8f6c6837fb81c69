import type { DraftPosition } from '@app/contract/exercise-authoring';
import { parseKeyedLabel } from '@app/contract/keyed-label';

/** One position's field as the author edits it (exercise authoring, Edit Key): answers typed separated by commas. */
export type AnswerField = { answers: string; points: string; skipped: boolean; touched: boolean };

/** The fields as a draft opens: each suggestion (with its other accepted spelling) filled in, decorations skipped. */
export function initialFields(positions: DraftPosition[]): Record<string, AnswerField> {
  return Object.fromEntries(
    positions.map((p) => [
      p.id,
      {
        answers: (p.suggested_answers.length > 0 ? p.suggested_answers : p.suggestion ? [p.suggestion] : []).join(', '),
        points: '1',
        skipped: p.embellishing || p.suggestion === null,
        touched: false,
      },
    ]),
  );
}

export function splitAnswers(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a.length > 0);
}

export type FieldProblem = 'noAnswer' | 'notALabel' | 'points';

/** What is wrong with a kept field, if anything (the server checks the same). */
export function fieldProblem(field: AnswerField): FieldProblem | undefined {
  if (field.skipped) return undefined;
  const answers = splitAnswers(field.answers);
  if (answers.length === 0) return 'noAnswer';
  // A Roman numeral, with a key ('E: V') or a pivot's two readings ('I = E: IV'), as the server takes it.
  if (answers.some((a) => parseKeyedLabel(a) === undefined)) return 'notALabel';
  const points = Number(field.points);
  if (field.points.trim() === '' || !Number.isFinite(points) || points < 0 || points > 1000) return 'points';
  return undefined;
}

/** The fields of a key being edited: its answers and points as they stand. */
export function keyFields(items: { id: string; answers: string[]; points: number }[]): Record<string, AnswerField> {
  return Object.fromEntries(
    items.map((item) => [item.id, { answers: item.answers.join(', '), points: String(item.points), skipped: false, touched: false }]),
  );
}

/** The items of the save request: kept fields in score order. */
export function itemsOf(positions: { id: string }[], fields: Record<string, AnswerField>) {
  return positions.flatMap((p) => {
    const field = fields[p.id];
    if (!field || field.skipped) return [];
    return [{ id: p.id, answers: splitAnswers(field.answers).slice(0, 8), points: Number(field.points) }];
  });
}

/**
 * Save refused for fields that need fixing: the first of them takes the focus (in the middle of the
 * view), so the author of a long chorale is taken to it rather than told only how many there are.
 */
export function focusFirstProblem(problems: { number: number }[]) {
  const first = problems[0];
  if (!first) return;
  const input = document.querySelector<HTMLInputElement>(`input[data-answer-for="${first.number}"]`);
  input?.scrollIntoView({ block: 'center' });
  input?.focus({ preventScroll: true });
}
