import { describe, expect, it } from 'vitest';
import { DateFormat, formatDate } from './format-date.ts';

describe('formatDate', () => {
  const due = Date.UTC(2026, 11, 11, 8, 0) / 1000;

  it('writes every style through the one formatter: full year, the language’s clock, the given zone', () => {
    expect(formatDate(due, DateFormat.dateTime, 'en', 'Asia/Seoul')).toBe('2026-12-11 5:00 PM');
    expect(formatDate(due, DateFormat.dateTime, 'zh-hans', 'Asia/Seoul')).toBe('2026-12-11 下午5:00');
    expect(formatDate(due, DateFormat.dateTime, 'ko', 'Asia/Seoul')).toBe('2026-12-11 오후 5:00');
    expect(formatDate(due, DateFormat.date, 'zh-hant', 'Asia/Seoul')).toBe('2026-12-11');
  });

  it('gives the old names the same two results', () => {
    expect(formatDate(due, DateFormat.localized, 'ko', 'UTC')).toBe(formatDate(due, DateFormat.dateTime, 'ko', 'UTC'));
    expect(formatDate(due, DateFormat.usDate, 'en', 'UTC')).toBe('2026-12-11');
    expect(formatDate(due, DateFormat.isoDate, 'en', 'UTC')).toBe('2026-12-11');
  });

  it('accepts a Date and reads a missing zone as UTC', () => {
    expect(formatDate(new Date(due * 1000), DateFormat.dateTime, 'en')).toBe('2026-12-11 8:00 AM');
  });
});
