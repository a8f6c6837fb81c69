import { formatKey, type MusicalKey } from '@app/contract/keyed-label';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { answerKeysInForce, keyName, keysInForce, keyTokenOf, sameFieldKey } from './keys.ts';

const t = ((key: string, values: { tonic: string }) =>
  `${values.tonic} ${key === 'keys.major' ? 'major' : 'minor'}`) as unknown as TFunction;

describe('keys in the answer fields', () => {
  it('makes the token of a found key and names keys', () => {
    expect(keyTokenOf('F#', 'minor')).toBe('f#');
    expect(keyTokenOf('B♭', 'major')).toBe('Bb');
    expect(keyTokenOf('nonsense', 'major')).toBe('');
    expect(keyName('f#', t)).toBe('F♯ minor');
    expect(keyName('Eb', t)).toBe('E♭ major');
    expect(keyName('H', t)).toBe('H');
  });

  it('follows the student’s own key changes and pivots from the opening key', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const keys = keysInForce(items, { a: 'I', b: 'I = E: IV', c: 'V', d: '', e: 'A: I' }, 'A');
    expect([...keys].map(([id, k]) => [id, formatKey(k.key), k.changes])).toEqual([
      ['a', 'A', true],
      ['b', 'E', true],
      ['c', 'E', false],
      ['d', 'E', false],
      ['e', 'A', true],
    ]);
  });

  it('shows no key without an opening key until a label names one', () => {
    const keys = keysInForce([{ id: 'a' }, { id: 'b' }, { id: 'c' }], { a: 'I', b: 'g: V' }, null);
    expect([...keys.keys()]).toEqual(['b', 'c']);
    expect(keys.get('b')?.changes).toBe(true);
  });

  it('marks a pivot chord with the key of its first reading', () => {
    const keys = keysInForce([{ id: 'a' }, { id: 'b' }, { id: 'c' }], { a: 'I', b: 'I = E: IV', c: 'f#: i = A: vi' }, 'A');
    const token = (key: MusicalKey | undefined) => (key ? formatKey(key) : null);
    expect(token(keys.get('a')?.pivotFrom)).toBeNull();
    expect(token(keys.get('b')?.pivotFrom)).toBe('A');
    expect(token(keys.get('b')?.key)).toBe('E');
    // A pivot's first reading may name its own key.
    expect(token(keys.get('c')?.pivotFrom)).toBe('f#');
    expect(token(keys.get('c')?.key)).toBe('A');
  });

  it('reads an answer key by its main answers: alternatives and skipped chords change nothing, a skipped chord has no key', () => {
    const positions = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const field = (answers: string, skipped = false) => ({ answers, skipped });
    const fields = {
      a: field('I'),
      b: field('V/V, E: V'),
      c: field('E: V, V/V'),
      d: field('A: I', true),
      e: field(' I = e: iv , IV'),
    };
    const keys = answerKeysInForce(positions, fields, ' A ');
    expect([...keys].map(([id, k]) => [id, formatKey(k.key), k.changes, k.pivotFrom ? formatKey(k.pivotFrom) : null])).toEqual([
      ['a', 'A', true, null],
      ['b', 'A', false, null],
      ['c', 'E', true, null],
      ['e', 'e', true, 'E'],
    ]);
    // Without an opening key nothing is named before the first key change; a key that is not one is none.
    expect([...answerKeysInForce(positions, fields, '').keys()]).toEqual(['c', 'e']);
    expect([...answerKeysInForce(positions, fields, 'H').keys()]).toEqual(['c', 'e']);
  });

  it('tells when a field’s key reads the same', () => {
    const keys = keysInForce([{ id: 'a' }, { id: 'b' }], { a: 'I = E: IV', b: 'V' }, 'A');
    const again = keysInForce([{ id: 'a' }, { id: 'b' }], { a: 'I = E: IV', b: 'V7' }, 'A');
    expect(sameFieldKey(keys.get('a'), again.get('a'))).toBe(true);
    expect(sameFieldKey(keys.get('b'), again.get('b'))).toBe(true);
    expect(sameFieldKey(keys.get('a'), keys.get('b'))).toBe(false);
    expect(sameFieldKey(undefined, keys.get('b'))).toBe(false);
    expect(sameFieldKey(undefined, undefined)).toBe(true);
  });
});
