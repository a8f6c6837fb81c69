import { describe, expect, it } from 'vitest';
import { OpeningKey } from './exercise-authoring.ts';
import {
  asciiSigns,
  formatKey,
  formatKeyedLabel,
  labelMeaning,
  parseKey,
  parseKeyedLabel,
  placeLabel,
  readLabels,
  sameKey,
  sameMeaning,
} from './keyed-label.ts';
import { formatRomanNumeral } from './roman-numeral.ts';

const print = (text: string) => {
  const label = parseKeyedLabel(text);
  return label ? formatKeyedLabel(label, (n) => formatRomanNumeral(n, 'N')) : undefined;
};

describe('keys', () => {
  it.each([
    ['E', { letter: 'E', accidental: 0, mode: 'major' }, 'E'],
    ['f#', { letter: 'F', accidental: 1, mode: 'minor' }, 'f#'],
    ['f♯', { letter: 'F', accidental: 1, mode: 'minor' }, 'f#'],
    ['Bb', { letter: 'B', accidental: -1, mode: 'major' }, 'Bb'],
    ['B♭', { letter: 'B', accidental: -1, mode: 'major' }, 'Bb'],
    ['bb', { letter: 'B', accidental: -1, mode: 'minor' }, 'bb'],
    ['b', { letter: 'B', accidental: 0, mode: 'minor' }, 'b'],
    [' a ', { letter: 'A', accidental: 0, mode: 'minor' }, 'a'],
  ])('%j is %o, printed %s', (text, key, printed) => {
    expect(parseKey(text)).toEqual(key);
    const parsed = parseKey(text);
    expect(parsed && formatKey(parsed)).toBe(printed);
  });

  it.each([
    ['Ｅ', 'E'],
    ['ｆ＃', 'f#'],
    [' Ｂｂ ', 'Bb'],
    ['ｂｂ', 'bb'],
  ])('%j typed full-width (the opening-key field, QA Q14) is the key %s', (text, printed) => {
    const parsed = parseKey(text);
    expect(parsed && formatKey(parsed)).toBe(printed);
    // Create Exercise's opening key is stored as its ASCII token.
    expect(OpeningKey.parse(text)).toBe(printed);
  });

  it('asciiSigns: the one normaliser of full-width keys, labels and figures; other text as it is', () => {
    expect(asciiSigns('Ｇ：６ ５')).toBe('G:6 5');
    expect(asciiSigns('Ｉ ＝ Ｅ：ＩＶ')).toBe('I = E:IV');
    expect(asciiSigns('ｆ＃：ｉ６')).toBe('f#:i6');
    expect(asciiSigns('B♭ 調')).toBe('B♭ 調');
  });

  it.each(['H', 'E#b', 'Ebb', 'x', '', 'EE', 'C major', 'Ｈ', 'Ｅ＃ｂ'])('refuses %j', (text) => {
    expect(parseKey(text)).toBeUndefined();
  });

  it('keeps enharmonic keys apart', () => {
    expect(sameKey(parseKey('Gb'), parseKey('F#'))).toBe(false);
    expect(sameKey(parseKey('A'), parseKey('a'))).toBe(false);
    expect(sameKey(parseKey('Bb'), parseKey('B♭'))).toBe(true);
  });
});

describe('labels with keys and pivots', () => {
  it.each([
    ['V', 'V'],
    ['E: V', 'E: V'],
    ['E:V', 'E: V'],
    ['E :  V', 'E: V'],
    ['f#: i6', 'f#: i6'],
    ['f#:i6/4', 'f#: i64'],
    ['I = E: IV', 'I = E: IV'],
    ['I=E:IV', 'I = E: IV'],
    ['A: I = E: IV', 'A: I = E: IV'],
    ['IV = C: I', 'IV = C: I'],
    ['d: ii/o65', 'd: iiø65'],
    ['bb: bVI', 'bb: bVI'],
    ['Bb: V7[b9]', 'Bb: V9[b9]'],
    ['g: It6/iv', 'g: It6/iv'],
    // Full-width signs from a Chinese, Japanese or Korean input method (found in QA review).
    ['E：V', 'E: V'],
    ['I ＝ E：IV', 'I = E: IV'],
    ['Ｆ＃：ｉ６', 'F#: i6'],
    ['ｆ＃：ｉ６', 'f#: i6'],
  ])('%j reads and prints as %j', (written, printed) => {
    expect(print(written)).toBe(printed);
    expect(print(printed)).toBe(printed);
  });

  it.each([
    '', // blank
    'E:', // a key with no numeral
    ': V',
    'H: V', // not a key
    'I = IV', // a pivot that changes nothing
    'A: I = A: IV',
    'I = E: IV = B: I',
    'E: X',
    'E: V:',
    'V'.repeat(70),
  ])('refuses %j', (text) => {
    expect(parseKeyedLabel(text)).toBeUndefined();
  });
});

describe('readLabels: the key in force', () => {
  it('starts at the opening key, changes where a label names a key, and holds', () => {
    const read = readLabels(['I', 'V', 'I = E: IV', 'V7', 'I', 'A: V', 'I'], 'A');
    expect(read.map((r) => r.keyBefore && formatKey(r.keyBefore))).toEqual(['A', 'A', 'A', 'E', 'E', 'E', 'A']);
    expect(read.map((r) => r.keyAfter && formatKey(r.keyAfter))).toEqual(['A', 'A', 'E', 'E', 'E', 'A', 'A']);
    expect(read.map((r) => r.changesKey)).toEqual([false, false, true, false, false, true, false]);
    expect(read[2]?.readings.map((r) => r.key && formatKey(r.key))).toEqual(['A', 'E']);
  });

  it('a blank or unreadable label changes nothing', () => {
    const read = readLabels(['E: V', '', 'E: nonsense', undefined, 'I'], 'A');
    expect(read.map((r) => r.keyAfter && formatKey(r.keyAfter))).toEqual(['E', 'E', 'E', 'E', 'E']);
    expect(read[1]?.label).toBeUndefined();
    expect(read[1]?.readings).toEqual([]);
  });

  it('a label naming the key already in force does not change it', () => {
    expect(readLabels(['A: I'], 'A')[0]?.changesKey).toBe(false);
  });

  it('reads without an opening key (an unnamed key) and from a key given as a structure', () => {
    const read = readLabels(['V', 'E: V', 'I'], undefined);
    expect(read.map((r) => r.keyAfter && formatKey(r.keyAfter))).toEqual([undefined, 'E', 'E']);
    expect(read[1]?.changesKey).toBe(true);
    expect(readLabels(['V'], parseKey('c'))[0]?.readings[0]?.key).toEqual(parseKey('c'));
  });
});

describe('meanings', () => {
  const meaning = (labels: string[], opening: string | undefined) => readLabels(labels, opening).map((r) => labelMeaning(r.readings));

  it('reads a label without a key in the key in force', () => {
    // 'E: V' then 'I' is 'E: I', the same as writing the key each time.
    expect(meaning(['E: V', 'I'], 'A')).toEqual(meaning(['E: V', 'E: I'], 'A'));
    expect(meaning(['V'], 'A')).toEqual(meaning(['A: V'], 'A'));
    expect(meaning(['V'], 'A')).not.toEqual(meaning(['E: V'], 'A'));
  });

  it('compares numerals in the mode of their key', () => {
    expect(meaning(['a: #vii°7'], 'C')).toEqual(meaning(['a: vii°7'], 'C'));
    expect(meaning(['IVmaj7'], 'C')).toEqual(meaning(['IV7'], 'C'));
    expect(meaning(['V6/5'], 'C')).toEqual(meaning(['V65'], 'C'));
  });

  it('a pivot means both readings', () => {
    const [pivot] = readLabels(['I = E: IV'], 'A');
    const [written] = readLabels(['A: I = E: IV'], 'A');
    const [newOnly] = readLabels(['E: IV'], 'A');
    expect(pivot && written && sameMeaning(pivot.readings, written.readings)).toBe(true);
    expect(pivot && newOnly && sameMeaning(pivot.readings, newOnly.readings)).toBe(false);
  });

  it('nothing means nothing', () => {
    expect(sameMeaning([], [])).toBe(false);
  });

  it('places a label after a given key', () => {
    const label = parseKeyedLabel('V/V');
    const placed = label && placeLabel(label, parseKey('A'));
    expect(placed?.readings[0]?.key).toEqual(parseKey('A'));
    expect(placed?.keyAfter).toEqual(parseKey('A'));
  });
});
