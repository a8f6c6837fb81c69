import { formatKey } from '@app/contract/keyed-label';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { keyName, keysInForce, keyTokenOf } from './keys.ts';

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
});
