import { describe, expect, it } from 'vitest';
import { insertAt, paletteText } from '../../lib/label-palette.ts';
import { isMalformedLabel } from './answer-check.ts';

describe('the label check as the student types', () => {
  it('accepts what the grader reads, and an empty field', () => {
    for (const label of ['', '  ', 'I', 'V65', 'V6/5', 'vii°7/V', 'viiø7', '♭II6', 'N6', 'It6', 'V64', 'ii/o65', 'V7[b9]', 'IVmaj7']) {
      expect(isMalformedLabel(label), label).toBe(false);
    }
  });

  it('flags what the grader cannot read', () => {
    for (const label of ['X', 'V/', 'IIII', 'V8', 'I°']) expect(isMalformedLabel(label), label).toBe(true);
  });

  it('accepts a key change and a pivot chord, and flags a key or pivot it cannot read', () => {
    for (const label of ['E: V', 'f#:i6', 'I = E: IV', 'A: I = E: IV', 'Bb: V7']) expect(isMalformedLabel(label), label).toBe(false);
    for (const label of ['H: V', 'E:', 'I = IV', 'I = E: IV = B: V', ': V']) expect(isMalformedLabel(label), label).toBe(true);
  });

  it('puts the key colon and the pivot sign in with their spaces', () => {
    expect(paletteText(':')).toBe(': ');
    expect(paletteText('=')).toBe(' = ');
    expect(paletteText('65')).toBe('65');
  });
});

describe('inserting a palette symbol', () => {
  it('goes in at the caret, or in place of the selection', () => {
    expect(insertAt('vii7', '°', 3, 3, 64)).toEqual({ value: 'vii°7', caret: 4 });
    expect(insertAt('V7', '65', 1, 2, 64)).toEqual({ value: 'V65', caret: 3 });
    expect(insertAt('V', '/', 99, 99, 64)).toEqual({ value: 'V/', caret: 2 });
  });

  it('leaves a full field alone', () => {
    expect(insertAt('abcd', '64', 4, 4, 5)).toEqual({ value: 'abcd', caret: 4 });
  });
});
