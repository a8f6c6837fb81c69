import type { LANGUAGE_CODES } from './constants.ts';

/**
 * The one way to write a date or a time for a person (issue 30): every screen of the web app,
 * the grade report and e-mails call it, so a due date reads the same everywhere. Always a full
 * year, always in the given IANA time zone (the user's profile zone), one pattern per language:
 *
 *   en       2026-12-11 5:00 PM
 *   zh-hans  2026-12-11 下午5:00
 *   zh-hant  2026-12-11 下午5:00
 *   ko       2026-12-11 오후 5:00
 *
 * The date part is the spec's YYYY-MM-DD in every language; the time is the language's own
 * 12-hour clock. Built on Intl (no dependency), so the contract stays usable by the browser,
 * the server and @app/har alike (decision 032).
 */

type Language = (typeof LANGUAGE_CODES)[number];
export type DateStyle = 'date' | 'dateTime';

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', 'zh-hans': 'zh-CN', 'zh-hant': 'zh-TW', ko: 'ko-KR' };

/**
 * Morning and afternoon in each language, ours rather than the engine's: ICU builds differ
 * (Node's gives Korean 'PM' where Chromium gives '오후'), and the server and browser must agree.
 */
const DAY_PERIOD: Record<Language, readonly [string, string]> = {
  en: ['AM', 'PM'],
  'zh-hans': ['上午', '下午'],
  'zh-hant': ['上午', '下午'],
  ko: ['오전', '오후'],
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, found);
  }
  return found;
}

function knownZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * `value` (epoch seconds, the API's unit, or a Date) written for `language` in `timeZone`
 * (an unknown or missing zone is UTC, never the machine's): `date` is the day only.
 */
export function formatDateTime(
  value: number | Date,
  language: Language,
  timeZone: string | undefined,
  style: DateStyle = 'dateTime',
): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(language, knownZone(timeZone)).formatToParts(date)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (style === 'date') return day;
  const hours = Number(parts.hour) % 24;
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${parts.minute}`;
  const period = DAY_PERIOD[language][hours < 12 ? 0 : 1];
  switch (language) {
    case 'en':
      return `${day} ${time} ${period}`;
    case 'ko':
      return `${day} ${period} ${time}`;
    default:
      return `${day} ${period}${time}`;
  }
}
