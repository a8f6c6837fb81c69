import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { withheldGradeText } from './withheld-grade-text.ts';

const t = i18n.t.bind(i18n);

describe('withheld grade text', () => {
  it('says when the grade will be shown, in the profile time zone', () => {
    // 2031-03-01 15:00 UTC is 10:00 in New York.
    const at = Date.UTC(2031, 2, 1, 15, 0) / 1000;
    expect(withheldGradeText(at, t, 'en', 'America/New_York')).toBe('Grade will be shown on 2031-03-01 10:00 AM');
    expect(withheldGradeText(at, t, 'en', 'UTC')).toBe('Grade will be shown on 2031-03-01 3:00 PM');
  });

  it('falls back to "not released yet" without a date', () => {
    expect(withheldGradeText(null, t, 'en', 'UTC')).toBe('Grade not released yet');
    expect(withheldGradeText(undefined, t, 'en', 'UTC')).toBe('Grade not released yet');
  });
});
