import { type DateStyle, formatDateTime } from '@app/contract/date-format';
import type { LanguageCode } from '@app/contract/users';

/**
 * The styles of the one date formatter (`@app/contract/date-format`, issue 30): a day
 * (`2026-12-11`) or a day and time (`2026-12-11 5:00 PM`, `2026-12-11 下午5:00`,
 * `2026-12-11 오후 5:00`). The older names stay as aliases so code written against them
 * keeps the one format: `isoDate`/`usDate` are the day, `dateTime`/`localized` the day and time.
 */
export const DateFormat = {
  date: 'date',
  dateTime: 'dateTime',
  isoDate: 'date',
  usDate: 'date',
  localized: 'dateTime',
} as const satisfies Record<string, DateStyle>;

/**
 * A Date or epoch seconds (the API's time unit) written for the UI language, in `timeZone`
 * (the profile's, from `displayTimeZone`; UTC without one). The same words the server's
 * report and e-mails use.
 */
export function formatDate(value: Date | number, style: DateStyle, language: LanguageCode, timeZone?: string): string {
  return formatDateTime(value, language, timeZone, style);
}
