import type { LanguageCode } from '@app/contract/users';
import { TZDate } from '@date-fns/tz';
import { format as formatWithLocale, type Locale } from 'date-fns';
import { enUS, ko, zhCN, zhTW } from 'date-fns/locale';

const LOCALES: Record<LanguageCode, Locale> = { en: enUS, 'zh-hans': zhCN, 'zh-hant': zhTW, ko };

/** The date formats of spec §9, as date-fns patterns. */
export const DateFormat = {
  isoDate: 'yyyy-MM-dd',
  usDate: 'MM/dd/yyyy',
  dateTime: 'yyyy-MM-dd hh:mm aaa',
  localized: 'Pp',
} as const;

/**
 * Formats a Date or epoch seconds (the API's time unit) in the given UI language;
 * with `timeZone` (an IANA name, e.g. the profile's), as the wall clock of that zone.
 */
export function formatDate(value: Date | number, pattern: string, language: LanguageCode, timeZone?: string): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : value;
  return formatWithLocale(timeZone ? new TZDate(date.getTime(), timeZone) : date, pattern, { locale: LOCALES[language] });
}
