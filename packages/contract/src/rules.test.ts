import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_DATE_MARGIN_SECONDS, AssignmentMessages, assignmentDateErrors, defaultAssignmentDates } from './assignments.ts';
import { CourseMessages, courseDateErrors, enrollmentEndLimit } from './courses.ts';
import { extractEmails, isInvitationCode, normalizeInvitationCode } from './people.ts';
import { canonicalRomanNumeral, parseRomanNumeral } from './roman-numeral.ts';
import { brokenPasswordRules, Email, Password } from './rules.ts';
import { configureZodMessages } from './zod-config.ts';

configureZodMessages();

// The rules both sides run: the browser to answer at once, the server to decide. One suite for both.
const DAY = 24 * 3600;
const NOW = Date.UTC(2031, 0, 10) / 1000;

describe('password and e-mail rules (spec §5)', () => {
  it('lists the broken rules in checklist order', () => {
    expect(brokenPasswordRules('abc').map((rule) => rule.key)).toEqual(['length', 'uppercase', 'digit']);
    expect(brokenPasswordRules('Harmony123')).toEqual([]);
  });

  it('the Password schema says each broken rule, and refuses more than 128 characters', () => {
    const weak = Password.safeParse('short');
    expect(weak.success).toBe(false);
    expect(weak.error?.issues.map((issue) => issue.message)).toContain('Password must be at least 8 characters.');
    expect(Password.safeParse(`Aa1${'x'.repeat(126)}`).success).toBe(false);
    expect(Password.safeParse('Harmony123').success).toBe(true);
  });

  it('the Email schema trims, lowercases and checks the address', () => {
    expect(Email.parse('  Nadia@Example.COM ')).toBe('nadia@example.com');
    expect(Email.safeParse('not an address').error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });
});

describe('course dates (spec §5)', () => {
  const start = NOW + DAY;
  const end = start + 90 * DAY;

  it('accepts a course of a few months with enrollment ending in its first two weeks', () => {
    expect(courseDateErrors({ start_date: start, end_date: end, enrollment_end_date: start + 7 * DAY }, NOW, true)).toEqual([]);
  });

  it('refuses a start in the past only when the start is being set', () => {
    const dates = { start_date: NOW - DAY, end_date: end, enrollment_end_date: NOW };
    expect(courseDateErrors(dates, NOW, true)).toEqual([{ field: 'start_date', message: CourseMessages.startInPast }]);
    expect(courseDateErrors(dates, NOW, false)).toEqual([]);
  });

  it('refuses an end less than a minute after the start, or more than a year after it', () => {
    expect(courseDateErrors({ start_date: start, end_date: start + 59, enrollment_end_date: start }, NOW, true)).toEqual([
      { field: 'end_date', message: CourseMessages.endTooEarly },
    ]);
    expect(courseDateErrors({ start_date: start, end_date: start + 366 * DAY, enrollment_end_date: start }, NOW, true)).toEqual([
      { field: 'end_date', message: CourseMessages.tooLong },
    ]);
  });

  it('ends enrollment by the earlier of two weeks and a third of the course', () => {
    expect(enrollmentEndLimit(start, end)).toBe(start + 14 * DAY);
    expect(enrollmentEndLimit(start, start + 30 * DAY)).toBe(start + 10 * DAY);
    expect(courseDateErrors({ start_date: start, end_date: end, enrollment_end_date: start + 15 * DAY }, NOW, true)).toEqual([
      { field: 'enrollment_end_date', message: CourseMessages.enrollmentTooLate },
    ]);
    expect(courseDateErrors({ start_date: start, end_date: end, enrollment_end_date: start - 1 }, NOW, true)).toEqual([
      { field: 'enrollment_end_date', message: CourseMessages.enrollmentBeforeStart },
    ]);
  });
});

describe('assignment dates (spec §5)', () => {
  const course = { start_date: NOW, end_date: NOW + 90 * DAY };

  it('proposes dates that pass the rules', () => {
    const dates = defaultAssignmentDates(NOW + DAY, course.start_date, course.end_date);
    expect(assignmentDateErrors(dates, course)).toEqual([]);
  });

  it('wants the assigned date more than a minute before the due date', () => {
    expect(assignmentDateErrors({ released_at: NOW, due_at: NOW + 60 }, course)).toEqual([
      { field: 'due_at', message: AssignmentMessages.gap },
    ]);
    expect(assignmentDateErrors({ released_at: NOW, due_at: NOW + 61 }, course)).toEqual([]);
  });

  it('keeps both dates within a year of the course', () => {
    const late = course.end_date + ASSIGNMENT_DATE_MARGIN_SECONDS + 1;
    expect(assignmentDateErrors({ released_at: NOW, due_at: late }, course)).toEqual([
      { field: 'due_at', message: AssignmentMessages.dueRange },
    ]);
    const early = course.start_date - ASSIGNMENT_DATE_MARGIN_SECONDS - 1;
    expect(assignmentDateErrors({ released_at: early, due_at: NOW }, course)).toEqual([
      { field: 'released_at', message: AssignmentMessages.assignedRange },
    ]);
  });
});

describe('people', () => {
  it('reads invitation codes case-insensitively, six characters long', () => {
    expect(normalizeInvitationCode(' ab3cd9 ')).toBe('AB3CD9');
    expect(isInvitationCode('AB3CD9')).toBe(true);
    expect(isInvitationCode('AB3CD')).toBe(false);
  });

  it('finds every e-mail address in pasted text, once, in order', () => {
    expect(extractEmails('Clara <clara@example.com>, fanny@example.com; CLARA@example.com nope@')).toEqual([
      'clara@example.com',
      'fanny@example.com',
    ]);
  });
});

describe('Roman numerals (the grader and the browser share the parser)', () => {
  it('reads chords, inversions, applied chords and the special chords', () => {
    expect(parseRomanNumeral('V7')).toMatchObject({ kind: 'chord', degree: 5, applied: [] });
    expect(parseRomanNumeral('V65/V')).toMatchObject({ kind: 'chord', degree: 5, applied: [{ degree: 5 }] });
    expect(parseRomanNumeral('Ger65')).toEqual({ kind: 'special', name: 'Ger65' });
    expect(parseRomanNumeral('not a chord')).toBeUndefined();
    expect(parseRomanNumeral('I'.repeat(100))).toBeUndefined();
  });

  it('spells equivalent labels one way', () => {
    expect(canonicalRomanNumeral('V6/5')).toBe(canonicalRomanNumeral('V65'));
    expect(canonicalRomanNumeral('N6')).toBe('bII6');
  });
});
