import { isLanguageCode } from '@app/contract/constants';
import type { LanguageCode } from '@app/contract/users';
import { getLocaleCookie } from '../lib/cookies.ts';

/** A language tag (cookie, browser) as one of the four languages, or undefined. */
export function toLanguageCode(value: string | undefined): LanguageCode | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  if (isLanguageCode(lower)) return lower;
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant')) return 'zh-hant';
  if (lower.startsWith('zh')) return 'zh-hans';
  if (lower.startsWith('ko')) return 'ko';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/** The `locale` cookie wins; a first visit follows the browser's languages; English otherwise. */
export function initialLanguage(): LanguageCode {
  const fromCookie = toLanguageCode(getLocaleCookie());
  if (fromCookie) return fromCookie;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  for (const candidate of browser) {
    const code = toLanguageCode(candidate);
    if (code) return code;
  }
  return 'en';
}
