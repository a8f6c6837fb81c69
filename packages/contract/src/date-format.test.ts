import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format.ts';

// 2026-12-11 17:00 in Seoul (08:00 UTC).
const due = Date.UTC(2026, 11, 11, 8, 0) / 1000;

describe('formatDateTime', () => {
  it('writes one pattern per language with a full year, in the given time zone', () => {
    expect(formatDateTime(due, 'en', 'Asia/Seoul')).toBe('2026-12-11 5:00 PM');
    expect(formatDateTime(due, 'zh-hans', 'Asia/Seoul')).toBe('2026-12-11 下午5:00');
    expect(formatDateTime(due, 'zh-hant', 'Asia/Seoul')).toBe('2026-12-11 下午5:00');
    expect(formatDateTime(due, 'ko', 'Asia/Seoul')).toBe('2026-12-11 오후 5:00');
  });

  it('moves with the time zone, including the day', () => {
    expect(formatDateTime(due, 'en', 'UTC')).toBe('2026-12-11 8:00 AM');
    expect(formatDateTime(due, 'en', 'America/Los_Angeles')).toBe('2026-12-11 12:00 AM');
    expect(formatDateTime(due, 'en', 'Pacific/Honolulu')).toBe('2026-12-10 10:00 PM');
    expect(formatDateTime(due, 'ko', 'Pacific/Honolulu', 'date')).toBe('2026-12-10');
  });

  it('reads an unknown or missing zone as UTC and accepts a Date', () => {
    expect(formatDateTime(due, 'en', 'Mars/Olympus')).toBe('2026-12-11 8:00 AM');
    expect(formatDateTime(due, 'en', undefined)).toBe('2026-12-11 8:00 AM');
    expect(formatDateTime(new Date(due * 1000), 'zh-hans', 'UTC', 'date')).toBe('2026-12-11');
  });

  it('never writes a two-digit year or a 24-hour clock', () => {
    for (const language of ['en', 'zh-hans', 'zh-hant', 'ko'] as const) {
      const text = formatDateTime(Date.UTC(2031, 2, 9, 14, 5) / 1000, language, 'UTC');
      expect(text.startsWith('2031-03-09 '), text).toBe(true);
      expect(text).not.toContain('14:05');
    }
  });
});
