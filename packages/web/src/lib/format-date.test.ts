import { describe, expect, it } from 'vitest';
import { DateFormat, formatDate } from './format-date.ts';

describe('formatDate', () => {
  const date = new Date(2031, 2, 9, 14, 5);

  it('formats the fixed patterns of spec §9', () => {
    expect(formatDate(date, DateFormat.isoDate, 'en')).toBe('2031-03-09');
    expect(formatDate(date, DateFormat.usDate, 'en')).toBe('03/09/2031');
    expect(formatDate(date, DateFormat.dateTime, 'en')).toBe('2031-03-09 02:05 pm');
  });

  it('accepts epoch seconds, the API time unit', () => {
    expect(formatDate(date.getTime() / 1000, DateFormat.isoDate, 'en')).toBe('2031-03-09');
  });

  it('localizes the Pp format per UI language', () => {
    expect(formatDate(date, DateFormat.localized, 'en')).toContain('03/09/2031');
    expect(formatDate(date, DateFormat.localized, 'ko')).toContain('2031');
    expect(formatDate(date, DateFormat.localized, 'zh-hans')).not.toBe(formatDate(date, DateFormat.localized, 'en'));
  });
});
