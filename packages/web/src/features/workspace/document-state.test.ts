import type { Submission } from '@app/contract/submissions';
import type { DraftSummary } from '@app/contract/workspace';
import { describe, expect, it } from 'vitest';
import { documentState, dueDateOf } from './document-state.ts';

const set = { due_at: 1000, extension_due_at: null };
const doc = (overrides: Partial<{ gradable: boolean; practice: boolean }> = {}) => ({
  id: 5,
  gradable: true,
  practice: false,
  ...overrides,
});
const submission = { id: 9, document: 5 } as Submission;
const none = new Map<number, never>();

describe('where a student stands with a document', () => {
  it('uses their extension as the due date', () => {
    expect(dueDateOf(set)).toBe(1000);
    expect(dueDateOf({ due_at: 1000, extension_due_at: 2000 })).toBe(2000);
  });

  it('is submitted once handed in, whatever the date', () => {
    expect(documentState(doc(), set, new Map([[5, submission]]), none, 5000)).toEqual({ kind: 'submitted', submission });
  });

  it('is in progress with a saved draft before the due date', () => {
    const drafts = new Map<number, DraftSummary>([[5, { document_id: 5, updated_at: 400, deadline_at: null }]]);
    expect(documentState(doc(), set, none, drafts, 500)).toEqual({ kind: 'inProgress', savedAt: 400, deadlineAt: null });
    expect(documentState(doc(), set, none, drafts, 1500)).toEqual({ kind: 'pastDue' });
  });

  it('is in progress while a started timed document’s clock runs, and time is up after it', () => {
    const started = new Map<number, DraftSummary>([[5, { document_id: 5, updated_at: null, deadline_at: 800 }]]);
    expect(documentState(doc(), set, none, started, 500)).toEqual({ kind: 'inProgress', savedAt: null, deadlineAt: 800 });
    expect(documentState(doc(), set, none, started, 800)).toEqual({ kind: 'timeUp' });
    expect(documentState(doc(), set, new Map([[5, submission]]), started, 900)).toEqual({ kind: 'submitted', submission });
  });

  it('is past due after the (extended) due date, except practice', () => {
    expect(documentState(doc(), set, none, none, 1500)).toEqual({ kind: 'pastDue' });
    expect(documentState(doc(), { due_at: 1000, extension_due_at: 2000 }, none, none, 1500)).toEqual({ kind: 'notStarted' });
    expect(documentState(doc({ practice: true }), set, none, none, 1500)).toEqual({ kind: 'notStarted' });
  });

  it('is not graded when the document takes no submissions', () => {
    expect(documentState(doc({ gradable: false }), set, none, none, 0)).toEqual({ kind: 'notGraded' });
  });
});
