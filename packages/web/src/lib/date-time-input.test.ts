import { describe, expect, it } from 'vitest';
import { displayTimeZone, fromDateTimeInput, toDateTimeInput } from './date-time-input.ts';
import { DateFormat, formatDate } from './format-date.ts';

// 2031-03-09 14:05:00 UTC
const EPOCH = Date.UTC(2031, 2, 9, 14, 5) / 1000;

describe('datetime-local inputs in the profile time zone', () => {
  it('shows epoch seconds as the wall clock of the zone', () => {
    expect(toDateTimeInput(EPOCH, 'UTC')).toBe('2031-03-09T14:05');
    expect(toDateTimeInput(EPOCH, 'Asia/Seoul')).toBe('2031-03-09T23:05');
    expect(toDateTimeInput(EPOCH, 'America/New_York')).toBe('2031-03-09T10:05');
  });

  it('reads a wall-clock value back to the same instant', () => {
    expect(fromDateTimeInput('2031-03-09T14:05', 'UTC')).toBe(EPOCH);
    expect(fromDateTimeInput('2031-03-09T23:05', 'Asia/Seoul')).toBe(EPOCH);
    expect(fromDateTimeInput('2031-03-09T10:05', 'America/New_York')).toBe(EPOCH);
    for (const zone of ['UTC', 'Asia/Seoul', 'America/New_York', 'Australia/Adelaide']) {
      expect(fromDateTimeInput(toDateTimeInput(EPOCH, zone), zone)).toBe(EPOCH);
    }
  });

  it('follows daylight saving time: the same wall clock is a different offset in summer', () => {
    const winter = fromDateTimeInput('2031-01-15T12:00', 'America/New_York');
    const summer = fromDateTimeInput('2031-07-15T12:00', 'America/New_York');
    expect(winter).toBe(Date.UTC(2031, 0, 15, 17, 0) / 1000);
    expect(summer).toBe(Date.UTC(2031, 6, 15, 16, 0) / 1000);
  });

  it('accepts seconds and rejects empty, malformed and impossible values', () => {
    expect(fromDateTimeInput('2031-03-09T14:05:30', 'UTC')).toBe(EPOCH + 30);
    expect(fromDateTimeInput('', 'UTC')).toBeNull();
    expect(fromDateTimeInput('2031-03-09', 'UTC')).toBeNull();
    expect(fromDateTimeInput('2031-02-30T10:00', 'UTC')).toBeNull();
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(displayTimeZone('Asia/Seoul')).toBe('Asia/Seoul');
    expect(displayTimeZone('Not/AZone')).toBe('UTC');
    expect(displayTimeZone(undefined)).toBe('UTC');
  });

  it('formats the YYYY-MM-DD of spec §9 in the profile zone, not the machine zone', () => {
    // 23:30 UTC on the 9th is already the 10th in Seoul.
    const lateEvening = Date.UTC(2031, 2, 9, 23, 30) / 1000;
    expect(formatDate(lateEvening, DateFormat.isoDate, 'en', 'UTC')).toBe('2031-03-09');
    expect(formatDate(lateEvening, DateFormat.isoDate, 'en', 'Asia/Seoul')).toBe('2031-03-10');
  });
});
