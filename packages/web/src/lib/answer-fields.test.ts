import type { DraftPosition } from '@app/contract/exercise-authoring';
import { describe, expect, it } from 'vitest';
import { fieldProblem, initialFields, itemsOf, keyFields } from './answer-fields.ts';

const position = (id: string, suggestion: string | null, extra: Partial<DraftPosition> = {}): DraftPosition => ({
  id,
  number: 1,
  measure: 1,
  beat: 1,
  onset: 0,
  x: 0.5,
  note_ids: [],
  suggestion,
  suggested_answers: suggestion ? [suggestion] : [],
  embellishing: false,
  ...extra,
});

describe('answer fields', () => {
  it('open with the suggestions, both spellings of a cadential six-four, and decorations skipped', () => {
    const fields = initialFields([
      position('m1b1', 'I'),
      position('m1b2', 'V64', { suggested_answers: ['V64', 'I64'] }),
      position('m1b2.5', 'V64', { embellishing: true }),
      position('m1b3', null),
    ]);
    expect(fields.m1b1).toEqual({ answers: 'I', points: '1', skipped: false, touched: false });
    expect(fields.m1b2?.answers).toBe('V64, I64');
    expect(fields['m1b2.5']?.skipped).toBe(true);
    expect(fields.m1b3?.skipped).toBe(true);
  });

  it('say what is wrong with a kept field', () => {
    const field = { answers: 'I', points: '1', skipped: false, touched: true };
    expect(fieldProblem(field)).toBeUndefined();
    expect(fieldProblem({ ...field, answers: ' , ' })).toBe('noAnswer');
    expect(fieldProblem({ ...field, answers: 'I, Vx' })).toBe('notALabel');
    expect(fieldProblem({ ...field, points: '-1' })).toBe('points');
    expect(fieldProblem({ ...field, answers: '', skipped: true })).toBeUndefined();
  });

  it('make items of the kept fields in score order, alternatives split at commas', () => {
    const positions = [position('m1b1', 'I'), position('m1b2', 'V'), position('m1b3', 'I')];
    const fields = {
      m1b1: { answers: 'I', points: '2', skipped: false, touched: false },
      m1b2: { answers: 'V, V7', points: '1', skipped: false, touched: true },
      m1b3: { answers: 'I', points: '1', skipped: true, touched: true },
    };
    expect(itemsOf(positions, fields)).toEqual([
      { id: 'm1b1', answers: ['I'], points: 2 },
      { id: 'm1b2', answers: ['V', 'V7'], points: 1 },
    ]);
  });

  it('opens an existing key as it stands and sends every chord back', () => {
    const fields = keyFields([
      { id: 'a', answers: ['V64', 'I64'], points: 2 },
      { id: 'b', answers: ['I'], points: 1 },
    ]);
    expect(fields.a).toEqual({ answers: 'V64, I64', points: '2', skipped: false, touched: false });
    expect(itemsOf([{ id: 'a' }, { id: 'b' }], { ...fields, b: { answers: 'I, vi', points: '0', skipped: false, touched: true } })).toEqual(
      [
        { id: 'a', answers: ['V64', 'I64'], points: 2 },
        { id: 'b', answers: ['I', 'vi'], points: 0 },
      ],
    );
  });
});
