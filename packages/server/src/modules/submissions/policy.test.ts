import { SubmissionMessages } from '@app/contract/submissions';
import { TIMED_GRACE_SECONDS } from '@app/contract/workspace';
import { describe, expect, it } from 'vitest';
import { answersShown, type DocumentRules, findingsShownAt, gradeWithheld, studentReveal, submissionRefusal } from './policy.ts';

type State = Parameters<typeof submissionRefusal>[1];
const NOW = 1_000_000;
const doc: DocumentRules = { gradable: 1, practice: 0, multiple_submissions: 0, timed: 0, timed_time_seconds: null, due_at: NOW + 100 };
const state: State = { extensionDueAt: null, formalCount: 0, startedAt: undefined, now: NOW };
const reason = (d: Partial<DocumentRules>, s: Partial<State> = {}) =>
  submissionRefusal({ ...doc, ...d }, { ...state, ...s })?.message ?? null;

describe('submissionRefusal', () => {
  it('takes a first formal submission before the due date', () => {
    expect(reason({})).toBeNull();
  });

  it('refuses a document that is not gradable, even in practice', () => {
    expect(reason({ gradable: 0 })).toBe(SubmissionMessages.notGradable);
    expect(reason({ gradable: 0, practice: 1 })).toBe(SubmissionMessages.notGradable);
  });

  it('refuses work after the due date unless an extension covers it; practice takes it always', () => {
    expect(reason({ due_at: NOW - 1 })).toBe(SubmissionMessages.pastDue);
    expect(reason({ due_at: NOW - 1 }, { extensionDueAt: NOW })).toBeNull();
    expect(reason({ due_at: NOW - 1 }, { extensionDueAt: NOW - 1 })).toBe(SubmissionMessages.pastDue);
    expect(reason({ due_at: NOW - 1, practice: 1, timed: 1 }, { formalCount: 3 })).toBeNull();
  });

  it('refuses a second formal submission unless multiple are allowed', () => {
    expect(reason({}, { formalCount: 1 })).toBe(SubmissionMessages.alreadySubmitted);
    expect(reason({ multiple_submissions: 1 }, { formalCount: 1 })).toBeNull();
  });

  it('refuses a timed document not yet opened, and one past its limit and the grace', () => {
    const timed = { timed: 1, timed_time_seconds: 600 };
    expect(reason(timed)).toBe(SubmissionMessages.downloadFirst);
    expect(reason(timed, { startedAt: NOW - 600 - TIMED_GRACE_SECONDS })).toBeNull();
    expect(reason(timed, { startedAt: NOW - 601 - TIMED_GRACE_SECONDS })).toBe(SubmissionMessages.timeUp);
  });

  it('answers 409 for every refusal', () => {
    expect(submissionRefusal({ ...doc, gradable: 0 }, state)?.status).toBe(409);
  });
});

describe('what a student sees of grading', () => {
  it('shows answers immediately, never, or after the (extended) due date', () => {
    expect(answersShown({ show_answers: 'IMMEDIATELY', due_at: NOW + 1 }, null, NOW)).toBe(true);
    expect(answersShown({ show_answers: 'NEVER', due_at: NOW - 1 }, null, NOW)).toBe(false);
    expect(answersShown({ show_answers: 'AFTER_DUE', due_at: NOW - 1 }, null, NOW)).toBe(true);
    expect(answersShown({ show_answers: 'AFTER_DUE', due_at: NOW - 1 }, NOW + 1, NOW)).toBe(false);
  });

  it('reveals marks for practice before the answers, nothing for formal work', () => {
    expect(studentReveal(true, false)).toBe('marks');
    expect(studentReveal(false, false)).toBe('none');
    expect(studentReveal(false, true)).toBe('full');
  });

  it('reveals marks (findings) of formal work at hand-in when the document says so, never the answers (issue 35)', () => {
    expect(studentReveal(false, false, true)).toBe('marks');
    expect(studentReveal(true, false, true)).toBe('marks');
    expect(studentReveal(false, true, true)).toBe('full');
  });

  it('says when findings not shown yet will be: the (extended) due date, never, or now', () => {
    const at = (
      show_answers: 'AFTER_DUE' | 'IMMEDIATELY' | 'NEVER',
      show_findings: 'AT_RELEASE' | 'AT_HAND_IN',
      ext: number | null = null,
    ) => findingsShownAt({ show_answers, show_findings, due_at: NOW + 10 }, ext, NOW);
    expect(at('AFTER_DUE', 'AT_RELEASE')).toBe(NOW + 10);
    expect(at('AFTER_DUE', 'AT_RELEASE', NOW + 50)).toBe(NOW + 50);
    expect(at('NEVER', 'AT_RELEASE')).toBeNull();
    expect(at('IMMEDIATELY', 'AT_RELEASE')).toBeUndefined();
    expect(at('NEVER', 'AT_HAND_IN')).toBeUndefined();
    expect(findingsShownAt({ show_answers: 'AFTER_DUE', show_findings: 'AT_RELEASE', due_at: NOW - 1 }, null, NOW)).toBeUndefined();
  });

  it('withholds a delayed grade until its date', () => {
    expect(gradeWithheld({ delay_showing_grade: 1, show_grade_on_date: NOW + 1 }, NOW)).toBe(true);
    expect(gradeWithheld({ delay_showing_grade: 1, show_grade_on_date: null }, NOW)).toBe(true);
    expect(gradeWithheld({ delay_showing_grade: 1, show_grade_on_date: NOW }, NOW)).toBe(false);
    expect(gradeWithheld({ delay_showing_grade: 0, show_grade_on_date: NOW + 1 }, NOW)).toBe(false);
  });
});
