import { afterEach, describe, expect, it } from 'vitest';
import { parseLocalDraft, readLocalDraft, startingAnswers, writeLocalDraft } from './local-draft.ts';

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
    expect(startingAnswers({ answers: B, edited_at: 200, synced: false }, { answers: A, updated_at: 150, revision: 2 }, undefined)).toEqual(
      {
        answers: B,
        pending: true,
        base: { revision: 2, answers: A },
      },
    );
  });

  it('loses to a newer server draft (another device) and to one it already reached', () => {
    expect(
      startingAnswers({ answers: B, edited_at: 100, synced: false }, { answers: A, updated_at: 150, revision: 1 }, undefined).answers,
    ).toEqual(A);
    expect(
      startingAnswers({ answers: B, edited_at: 200, synced: true }, { answers: A, updated_at: 150, revision: 1 }, undefined).answers,
    ).toEqual(A);
  });

  it('falls back to the newest submission, then to nothing', () => {
    expect(startingAnswers(undefined, null, B)).toEqual({ answers: B, pending: false, base: { revision: 0, answers: [] } });
    expect(startingAnswers(undefined, null, undefined)).toEqual({ answers: [], pending: false, base: { revision: 0, answers: [] } });
  });

  it('keeps its base and changed items, and reads a copy written before them as before (decision 046)', () => {
    writeLocalDraft(7, 1, { answers: A, edited_at: 100, synced: false, base: 3, changed: ['m1b1'] });
    expect(readLocalDraft(7, 1)).toEqual({ answers: A, edited_at: 100, synced: false, base: 3, changed: ['m1b1'] });
    expect(parseLocalDraft('{"answers":[],"edited_at":5,"synced":true,"base":"3","changed":["x"]}')).toEqual({
      answers: [],
      edited_at: 5,
      synced: true,
    });
    expect(parseLocalDraft(null)).toBeUndefined();
  });

  it('merges an unsent copy onto a newer server draft per item: its changes win, the other copy’s answers stay', () => {
    // This browser typed V7 in chord 5 from revision 1 (chords 1–3 empty); meanwhile the laptop saved I, I, I as revision 2.
    const server = { answers: ['c1', 'c2', 'c3'].map((id) => ({ id, answer: 'I' })), updated_at: 300, revision: 2 };
    const local = {
      answers: [...['c1', 'c2', 'c3', 'c4'].map((id) => ({ id, answer: '' })), { id: 'c5', answer: 'V7' }],
      edited_at: 400,
      synced: false,
      base: 1,
      changed: ['c5'],
    };
    expect(startingAnswers(local, server, undefined)).toEqual({
      answers: [
        { id: 'c1', answer: 'I' },
        { id: 'c2', answer: 'I' },
        { id: 'c3', answer: 'I' },
        { id: 'c4', answer: '' },
        { id: 'c5', answer: 'V7' },
      ],
      pending: true,
      base: { revision: 2, answers: server.answers },
    });
    // On the base it started from, the copy is taken as it is.
    expect(startingAnswers({ ...local, base: 2 }, server, undefined).answers).toEqual(local.answers);
    // Older than a server draft it never saw, a copy without a base loses whole, as before.
    expect(startingAnswers({ ...local, base: undefined, changed: undefined, edited_at: 200 }, server, undefined).answers).toEqual(
      server.answers,
    );
  });
});
