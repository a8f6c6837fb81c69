import { describe, expect, it, vi } from 'vitest';
import { createAnswerStore } from './answer-store.ts';

const ids = ['a', 'b', 'c'];

describe('the answer store', () => {
  it('tells a change to that item’s listeners only, and to those of every answer', () => {
    const store = createAnswerStore(ids, [{ id: 'a', answer: 'I' }], 'C');
    const a = vi.fn();
    const b = vi.fn();
    const all = vi.fn();
    store.subscribe('a', a);
    const stopB = store.subscribe('b', b);
    store.subscribeAll(all);

    store.set('b', 'V');
    expect([a.mock.calls.length, b.mock.calls.length, all.mock.calls.length]).toEqual([0, 1, 1]);
    // The same text again is no change.
    store.set('b', 'V');
    expect(all).toHaveBeenCalledTimes(1);
    stopB();
    store.set('b', 'IV');
    expect(b).toHaveBeenCalledTimes(1);
    expect(store.entries()).toEqual([
      { id: 'a', answer: 'I' },
      { id: 'b', answer: 'IV' },
      { id: 'c', answer: '' },
    ]);
  });

  it('takes another copy’s answers whole, telling only the items that differ', () => {
    const store = createAnswerStore(ids, [{ id: 'a', answer: 'I' }], null);
    const a = vi.fn();
    const c = vi.fn();
    store.subscribe('a', a);
    store.subscribe('c', c);
    store.replace([
      { id: 'a', answer: 'I' },
      { id: 'c', answer: 'V7' },
    ]);
    expect([a.mock.calls.length, c.mock.calls.length]).toEqual([0, 1]);
    expect(store.get('c')).toBe('V7');
  });

  it('counts answered and unreadable answers, the same object while the figures stay', () => {
    const store = createAnswerStore(ids, [], null);
    const empty = store.summary();
    expect(empty).toEqual({ answered: 0, unreadable: [] });
    store.set('a', 'V8');
    const one = store.summary();
    expect(one).toEqual({ answered: 1, unreadable: ['a'] });
    store.set('a', 'V7');
    expect(store.summary()).toEqual({ answered: 1, unreadable: [] });
    store.set('a', 'V6');
    const same = store.summary();
    store.set('a', 'V65');
    expect(store.summary()).toBe(same);
  });

  it('reads the key in force from the opening key and the labels’ key changes, once per change', () => {
    const store = createAnswerStore(ids, [{ id: 'a', answer: 'I' }], 'C');
    expect(store.keys().get('c')?.key).toMatchObject({ letter: 'C', mode: 'major' });
    expect(store.keys()).toBe(store.keys());
    // A numeral without a key changes no key in force: the same reading stands.
    const before = store.keys();
    store.set('c', 'V7');
    expect(store.keys()).toBe(before);
    store.set('b', 'G: V');
    expect(store.keys().get('b')).toMatchObject({ key: { letter: 'G' }, changes: true });
    expect(store.keys().get('c')).toMatchObject({ key: { letter: 'G' }, changes: false });
    // Full-width, as a Chinese, Japanese or Korean input method types it.
    store.set('b', 'Ｄ： V');
    expect(store.keys().get('c')).toMatchObject({ key: { letter: 'D' } });
    store.set('b', 'V');
    expect(store.keys().get('c')).toMatchObject({ key: { letter: 'C' } });
  });
});
