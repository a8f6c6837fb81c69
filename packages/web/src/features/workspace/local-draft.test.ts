import { afterEach, describe, expect, it } from 'vitest';
import { readLocalDraft, startingAnswers, writeLocalDraft } from './local-draft.ts';

const A = [{ id: 'm1b1', answer: 'I' }];
const B = [{ id: 'm1b1', answer: 'V' }];

describe('the browser copy of a draft', () => {
  afterEach(() => localStorage.clear());

  it('is kept per user and document', () => {
    writeLocalDraft(7, 1, { answers: A, edited_at: 100, synced: false });
    expect(readLocalDraft(7, 1)).toEqual({ answers: A, edited_at: 100, synced: false });
    expect(readLocalDraft(8, 1)).toBeUndefined();
    expect(readLocalDraft(7, 2)).toBeUndefined();
  });

  it('ignores what is not a draft', () => {
    localStorage.setItem('workspace-draft:7:1', '{"answers": 3}');
    expect(readLocalDraft(7, 1)).toBeUndefined();
    localStorage.setItem('workspace-draft:7:1', 'not json');
    expect(readLocalDraft(7, 1)).toBeUndefined();
  });

  it('wins over the server draft when it is newer and was never sent', () => {
    expect(startingAnswers({ answers: B, edited_at: 200, synced: false }, { answers: A, updated_at: 150 }, undefined)).toEqual({
      answers: B,
      pending: true,
    });
  });

  it('loses to a newer server draft (another device) and to one it already reached', () => {
    expect(startingAnswers({ answers: B, edited_at: 100, synced: false }, { answers: A, updated_at: 150 }, undefined).answers).toEqual(A);
    expect(startingAnswers({ answers: B, edited_at: 200, synced: true }, { answers: A, updated_at: 150 }, undefined).answers).toEqual(A);
  });

  it('falls back to the newest submission, then to nothing', () => {
    expect(startingAnswers(undefined, null, B)).toEqual({ answers: B, pending: false });
    expect(startingAnswers(undefined, null, undefined)).toEqual({ answers: [], pending: false });
  });
});
