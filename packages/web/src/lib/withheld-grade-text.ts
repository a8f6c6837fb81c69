import type { LanguageCode } from '@app/contract/users';
import type { TFunction } from 'i18next';
import { DateFormat, formatDate } from './format-date.ts';

/**
 * What a student sees in place of a withheld grade (delay showing grade): the day and time it
 * will be shown, in the profile's time zone, or only that it is not released when no date is set.
 */
export function withheldGradeText(shownAt: number | null | undefined, t: TFunction, language: LanguageCode, timeZone: string): string {
  if (shownAt === null || shownAt === undefined) return t('submissions.hidden');
  return t('submissions.hiddenUntil', { date: formatDate(shownAt, DateFormat.dateTime, language, timeZone) });
}
