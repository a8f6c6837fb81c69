import type { Submission } from '@app/contract/submissions';
import { describe, expect, it } from 'vitest';
import { testSubmission as submission } from '../testing/factories.ts';
import { byPointsDescending, formatGradeAs, formatLetter, formatPercent, formatScore } from './format-grade.ts';

const testSubmission = (overrides: Partial<Submission> = {}) => submission({ submit_time: 0, ...overrides });

describe('view by Score, Percent or Letter grade', () => {
  const submission = testSubmission({ points: 7, max_points: 8, percent: 87.5, grade: 'B+' });

  it('shows points of the maximum, the percent, or the letter', () => {
    expect(formatGradeAs('score', submission, 'en')).toBe('7 / 8');
    expect(formatGradeAs('percent', submission, 'en')).toBe('87.5%');
    expect(formatGradeAs('grade', submission, 'en')).toBe('B+');
  });

  it('keeps at most two decimals of points and one of a percent', () => {
    const odd = testSubmission({ points: 2.333333, max_points: 3, percent: 77.77777 });
    expect(formatScore(odd, 'en')).toBe('2.33 / 3');
    expect(formatPercent(odd, 'en')).toBe('77.8%');
    expect(formatPercent(testSubmission({ percent: 100 }), 'en')).toBe('100%');
    expect(formatPercent(testSubmission({ percent: 0 }), 'en')).toBe('0%');
  });

  it('writes numbers the way the UI language does', () => {
    expect(formatPercent(testSubmission({ percent: 87.5 }), 'ko')).toBe('87.5%');
    expect(formatScore(testSubmission({ points: 1234, max_points: 2000 }), 'en')).toBe('1,234 / 2,000');
  });

  it('shows nothing of a grade withheld from a student', () => {
    const hidden = testSubmission({ grade_hidden: true, points: null, max_points: null, percent: null, grade: null });
    expect(formatGradeAs('score', hidden, 'en')).toBeNull();
    expect(formatGradeAs('percent', hidden, 'en')).toBeNull();
    expect(formatGradeAs('grade', hidden, 'en')).toBeNull();
    expect(formatLetter({ ...submission, grade_hidden: true })).toBeNull();
  });

  it('orders by points, descending, then the latest first', () => {
    const list = [
      testSubmission({ id: 1, points: 5, submit_time: 100 }),
      testSubmission({ id: 2, points: 8, submit_time: 50 }),
      testSubmission({ id: 3, points: 5, submit_time: 200 }),
    ];
    expect([...list].sort(byPointsDescending).map((s) => s.id)).toEqual([2, 3, 1]);
  });
});
