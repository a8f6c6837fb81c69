import { describe, expect, it } from 'vitest';
import { changedSince, mergeAnswers, sameAnswers } from './merge-draft.ts';

const list = (answers: Record<string, string>) => Object.entries(answers).map(([id, answer]) => ({ id, answer }));

describe('merging two copies of a draft (decision 046)', () => {
  it('finds what a copy typed, changed and cleared since its base; an absent item is empty', () => {
    const base = list({ c1: 'I', c2: 'V', c3: 'IV' });
    const mine = list({ c1: 'I', c2: 'V7', c3: '', c4: 'ii' });
    expect(changedSince(base, mine).sort()).toEqual(['c2', 'c3', 'c4']);
    expect(changedSince(base, list({ c1: 'I', c2: 'V' }))).toEqual(['c3']);
    expect(changedSince(list({ c1: '' }), [])).toEqual([]);
  });

  it('is the reviewer’s case: the laptop’s I, I, I stay and the phone’s V7 is added', () => {
    const base = list({ c1: '', c2: '', c3: '', c4: '', c5: '' });
    const phone = list({ c1: '', c2: '', c3: '', c4: '', c5: 'V7' });
    const server = list({ c1: 'I', c2: 'I', c3: 'I', c4: '', c5: '' });
    expect(mergeAnswers(server, phone, changedSince(base, phone))).toEqual(list({ c1: 'I', c2: 'I', c3: 'I', c4: '', c5: 'V7' }));
  });

  it('lets this copy’s changes win on the items it changed, clearing included, and takes everything else from the server', () => {
    const base = list({ c1: 'I', c2: 'V', c3: 'IV' });
    const mine = list({ c1: 'vi', c2: '', c3: 'IV' });
    const server = list({ c1: 'I6', c2: 'V', c3: 'ii6', c4: 'V' });
    expect(mergeAnswers(server, mine, changedSince(base, mine))).toEqual(list({ c1: 'vi', c2: '', c3: 'ii6', c4: 'V' }));
    // Nothing changed here: the server's answers, in this copy's order.
    expect(mergeAnswers(server, base, [])).toEqual(list({ c1: 'I6', c2: 'V', c3: 'ii6', c4: 'V' }));
    // The server lost an item this copy did not touch: it is empty, not brought back.
    expect(mergeAnswers(list({ c1: 'I' }), list({ c1: 'I', c2: 'V' }), [])).toEqual(list({ c1: 'I', c2: '' }));
  });

  it('tells equal lists from different ones, reading absent as empty', () => {
    expect(sameAnswers(list({ c1: 'I', c2: '' }), list({ c1: 'I' }))).toBe(true);
    expect(sameAnswers(list({ c1: 'I' }), list({ c1: 'V' }))).toBe(false);
  });
});
