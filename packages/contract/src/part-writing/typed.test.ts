import { describe, expect, it } from 'vitest';
import { beatOf, crossesBarline, readTypedLabel, TYPED_DURATIONS, typedLabelText } from './typed.ts';

describe('a typed chord field: label and length (issue 27)', () => {
  it('reads the old input as before: the label alone lasts the meter’s beat', () => {
    expect(readTypedLabel('6 5', 1)).toEqual({ label: '6 5', beats: 1 });
    expect(readTypedLabel('  V7/V ', 1)).toEqual({ label: 'V7/V', beats: 1 });
    expect(readTypedLabel('', 1.5)).toEqual({ label: '', beats: 1.5 });
    expect(readTypedLabel('#', 2)).toEqual({ label: '#', beats: 2 });
  });

  it('reads a note value in brackets at the end, with or without spaces, in either case', () => {
    expect(readTypedLabel('6 5 (h)', 1)).toEqual({ label: '6 5', beats: 2 });
    expect(readTypedLabel('V7(h.)', 1)).toEqual({ label: 'V7', beats: 3 });
    expect(readTypedLabel('I ( W )', 1)).toEqual({ label: 'I', beats: 4 });
    expect(readTypedLabel('7b (e)', 1)).toEqual({ label: '7b', beats: 0.5 });
    expect(readTypedLabel('(q.)', 1)).toEqual({ label: '', beats: 1.5 });
    expect(readTypedLabel('G: 6 (q)', 2)).toEqual({ label: 'G: 6', beats: 1 });
  });

  it('names what was typed when a bracket is not a note value', () => {
    expect(readTypedLabel('6 (x)', 1)).toEqual({ problem: 'duration', duration: '(x)' });
    expect(readTypedLabel('V (2)', 1)).toEqual({ problem: 'duration', duration: '(2)' });
    expect(readTypedLabel('V7 (h', 1)).toEqual({ problem: 'duration', duration: '(h' });
    expect(readTypedLabel('V7 h)', 1)).toEqual({ problem: 'duration', duration: ')' });
    expect(readTypedLabel('V (h) (q)', 1)).toEqual({ problem: 'duration', duration: '(q)' });
  });

  it('prints a chord back as its field shows it, and what it prints reads back the same', () => {
    expect(typedLabelText('6 5', 1, 1)).toBe('6 5');
    expect(typedLabelText('6 5', 2, 1)).toBe('6 5 (h)');
    expect(typedLabelText('V7', 3, 1)).toBe('V7 (h.)');
    expect(typedLabelText('', 4, 1)).toBe('(w)');
    expect(typedLabelText('I', 1.5, 1.5)).toBe('I');
    expect(typedLabelText('I', 1, 1.5)).toBe('I (q)');
    for (const beats of Object.values(TYPED_DURATIONS))
      for (const label of ['', '6 5', 'V7/V', 'G: 6']) expect(readTypedLabel(typedLabelText(label, beats, 1), 1)).toEqual({ label, beats });
  });

  it('takes the meter’s beat as the length when none is typed', () => {
    expect([beatOf('4/4'), beatOf('3/4'), beatOf('2/2'), beatOf('3/2'), beatOf('6/8'), beatOf('9/8'), beatOf('3/8')]).toEqual([
      1, 1, 2, 2, 1.5, 1.5, 1.5,
    ]);
    expect(beatOf('5/8')).toBe(0.5);
  });

  it('finds the first chord that crosses a barline', () => {
    const lasting = (...beats: number[]) => beats.map((b) => ({ beats: b }));
    expect(crossesBarline(lasting(1, 1, 2, 4, 2, 2), '4/4')).toBeUndefined();
    expect(crossesBarline(lasting(1, 1, 1, 2, 2), '4/4')).toBe(3);
    expect(crossesBarline(lasting(2, 2, 3), '3/4')).toBe(1);
    expect(crossesBarline(lasting(4), '3/4')).toBe(0);
    expect(crossesBarline(lasting(1.5, 1.5, 3, 1.5, 1, 1), '6/8')).toBe(5);
    expect(crossesBarline(lasting(1.5, 1.5, 3, 1.5, 0.5, 1), '6/8')).toBeUndefined();
    expect(crossesBarline(lasting(1, 1, 1, 1), 'x')).toBeUndefined();
    // After a pickup of one beat (a chorale's measure 0) the measures start a beat later.
    expect(crossesBarline(lasting(1, 2, 2, 4), '4/4', 1)).toBeUndefined();
    expect(crossesBarline(lasting(1, 2, 2), '3/4', 1)).toBe(2);
    expect(crossesBarline(lasting(2), '4/4', 1)).toBe(0);
  });
});
