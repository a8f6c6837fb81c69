import { describe, expect, it } from 'vitest';
import { testSet } from '../../testing/factories.ts';
import { assignmentDateLimits, checkAssignmentDate, delayGradeLimits, extensionLimits } from './assignment-dates.ts';
import { testPeriod } from './test-data.ts';

const DAY = 24 * 3600;
const YEAR = 365 * DAY;
const set = testSet();

describe('assignment dates (spec §5)', () => {
  it('offers a year around the course, with more than 60 seconds between assigned and due', () => {
    expect(assignmentDateLimits('released_at', set, testPeriod)).toEqual({ min: testPeriod.start_date - YEAR, max: set.due_at - 61 });
    expect(assignmentDateLimits('due_at', set, testPeriod)).toEqual({ min: set.released_at + 61, max: testPeriod.end_date + YEAR });
  });

  it('saves a date inside the course period without asking', () => {
    expect(checkAssignmentDate('released_at', set.released_at + DAY, set, testPeriod)).toEqual({
      kind: 'ok',
      value: set.released_at + DAY,
    });
    expect(checkAssignmentDate('due_at', testPeriod.end_date, set, testPeriod)).toEqual({ kind: 'ok', value: testPeriod.end_date });
  });

  it('asks before a date outside the course period, naming which side', () => {
    expect(checkAssignmentDate('released_at', testPeriod.start_date - 1, set, testPeriod)).toMatchObject({
      kind: 'confirm',
      reason: 'assignedBeforeStart',
    });
    expect(checkAssignmentDate('due_at', testPeriod.end_date + 60, set, testPeriod)).toMatchObject({
      kind: 'confirm',
      reason: 'dueAfterEnd',
    });
    const late = testSet({ released_at: testPeriod.end_date + DAY, due_at: testPeriod.end_date + 3 * DAY });
    expect(checkAssignmentDate('released_at', testPeriod.end_date + 2 * DAY, late, testPeriod)).toMatchObject({
      kind: 'confirm',
      reason: 'assignedAfterEnd',
    });
    const early = testSet({ released_at: testPeriod.start_date - 3 * DAY, due_at: testPeriod.start_date + DAY });
    expect(checkAssignmentDate('due_at', testPeriod.start_date - DAY, early, testPeriod)).toMatchObject({
      kind: 'confirm',
      reason: 'dueBeforeStart',
    });
  });

  it('refuses an assigned date a minute or less before the due date', () => {
    for (const gap of [59, 60]) {
      expect(checkAssignmentDate('released_at', set.due_at - gap, set, testPeriod)).toEqual({
        kind: 'invalid',
        message: 'The assigned date must be more than one minute before the due date.',
      });
    }
    expect(checkAssignmentDate('due_at', set.released_at + 60, set, testPeriod).kind).toBe('invalid');
    expect(checkAssignmentDate('due_at', set.released_at + 61, set, testPeriod).kind).toBe('ok');
  });

  it('clamps a date to a year around the course', () => {
    const early = testSet({ released_at: testPeriod.start_date - 2 * YEAR, due_at: set.due_at });
    expect(checkAssignmentDate('released_at', early.released_at, set, testPeriod)).toEqual({
      kind: 'confirm',
      value: testPeriod.start_date - YEAR,
      reason: 'assignedBeforeStart',
    });
  });

  it('limits extensions to course end + 6 months and delayed grades to the course end', () => {
    expect(extensionLimits(set, testPeriod)).toEqual({ min: set.due_at, max: testPeriod.end_date + 183 * DAY });
    expect(delayGradeLimits(set, testPeriod)).toEqual({ min: set.due_at, max: testPeriod.end_date });
  });
});
