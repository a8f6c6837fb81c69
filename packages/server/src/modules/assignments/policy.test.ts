import { AssignmentMessages, DEFAULT_TIMED_SECONDS } from '@app/contract/assignments';
import { describe, expect, it } from 'vitest';
import {
  canEditSet,
  documentChanges,
  documentVisible,
  NEW_DOCUMENT_SETTINGS,
  sameMembers,
  scoreShownBeforeStart,
  setVisible,
} from './policy.ts';

const NOW = 1_000_000;

describe('assignments policy', () => {
  it('only instructors edit a set', () => {
    expect(canEditSet('instructor')).toBe(true);
    expect(canEditSet('ta')).toBe(false);
    expect(canEditSet('student')).toBe(false);
  });

  it('shows a set to students from its release, to instructors and TAs always', () => {
    expect(setVisible('student', { released_at: NOW + 1, draft: 0 }, NOW)).toBe(false);
    expect(setVisible('student', { released_at: NOW, draft: 0 }, NOW)).toBe(true);
    expect(setVisible('ta', { released_at: NOW + 1, draft: 0 }, NOW)).toBe(true);
    expect(setVisible('instructor', { released_at: NOW + 1, draft: 0 }, NOW)).toBe(true);
  });

  it('hides a draft from students whatever its assigned date, never from instructors and TAs (decision 054)', () => {
    expect(setVisible('student', { released_at: NOW - 1, draft: 1 }, NOW)).toBe(false);
    expect(setVisible('ta', { released_at: NOW - 1, draft: 1 }, NOW)).toBe(true);
    expect(setVisible('instructor', { released_at: NOW + 1, draft: 1 }, NOW)).toBe(true);
  });

  it('shows a timed document’s music to a student only once they started it (issue 26)', () => {
    expect(scoreShownBeforeStart('student', { timed: 1 }, undefined)).toBe(false);
    expect(scoreShownBeforeStart('student', { timed: 1 }, NOW)).toBe(true);
    expect(scoreShownBeforeStart('student', { timed: 0 }, undefined)).toBe(true);
    expect(scoreShownBeforeStart('ta', { timed: 1 }, undefined)).toBe(true);
    expect(scoreShownBeforeStart('instructor', { timed: 1 }, undefined)).toBe(true);
  });

  it('hides documents from students after the (extended) due date unless shown after it', () => {
    const hiding = { due_at: NOW - 10, show_after_due: 0 };
    expect(documentVisible('student', hiding, null, NOW)).toBe(false);
    expect(documentVisible('student', hiding, NOW, NOW)).toBe(true);
    expect(documentVisible('student', hiding, NOW - 1, NOW)).toBe(false);
    expect(documentVisible('student', { due_at: NOW, show_after_due: 0 }, null, NOW)).toBe(true);
    expect(documentVisible('student', { ...hiding, show_after_due: 1 }, null, NOW)).toBe(true);
    expect(documentVisible('ta', hiding, null, NOW)).toBe(true);
    expect(documentVisible('instructor', hiding, null, NOW)).toBe(true);
  });

  it('takes an order only when it names each current member once', () => {
    expect(sameMembers([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(sameMembers([1, 2], [1, 2, 3])).toBe(false);
    expect(sameMembers([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(sameMembers([1, 2, 4], [1, 2, 3])).toBe(false);
  });

  describe('documentChanges', () => {
    const plain = NEW_DOCUMENT_SETTINGS;
    const limits = { due_at: NOW, end_date: NOW + 100_000 };
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return (error as { status: number; message: string }).message;
      }
      return undefined;
    };

    it('practice mode turns off multiple submissions, delays and time limits', () => {
      const changes = documentChanges({ ...plain, multiple_submissions: 1, delay_showing_grade: 1, timed: 1 }, { practice: true }, limits);
      expect(changes).toMatchObject({ practice: 1, multiple_submissions: 0, delay_showing_grade: 0, timed: 0, incremental_grading: 0 });
    });

    it('fills the delay date with the due date and a time limit with the default', () => {
      expect(documentChanges(plain, { delay_showing_grade: true }, limits).show_grade_on_date).toBe(NOW);
      expect(documentChanges(plain, { timed: true }, limits).timed_time_seconds).toBe(DEFAULT_TIMED_SECONDS);
    });

    it("refuses what the rules forbid, with the spec's messages", () => {
      expect(refusal(() => documentChanges({ ...plain, gradable: 0 }, { practice: true }, limits))).toBe(AssignmentMessages.notGradable);
      expect(refusal(() => documentChanges({ ...plain, practice: 1 }, { timed: true }, limits))).toBe(AssignmentMessages.notForPractice);
      expect(refusal(() => documentChanges(plain, { incremental_grading: true }, limits))).toBe(AssignmentMessages.practiceOnly);
      expect(refusal(() => documentChanges(plain, { show_grade_on_date: NOW - 1 }, limits))).toBe(AssignmentMessages.delayRange);
      expect(refusal(() => documentChanges(plain, { timed: true, timed_time_seconds: 7 }, limits))).toBe(AssignmentMessages.timedDuration);
    });
  });
});
