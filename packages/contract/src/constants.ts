/*
 * Plain values, without zod: the web app's first chunk needs them before any schema, and stays
 * free of zod that way (issue 15). users.ts and rules.ts build on them and re-export them.
 */

export const LANGUAGES = [
  { abbreviation: 'en', language: 'English' },
  { abbreviation: 'zh-hans', language: '简体中文' },
  { abbreviation: 'zh-hant', language: '繁體中文' },
  { abbreviation: 'ko', language: '한국어' },
] as const;
export const LANGUAGE_CODES = ['en', 'zh-hans', 'zh-hant', 'ko'] as const;

/** True for one of the interface languages (the LanguageCode schema's values). */
export function isLanguageCode(value: string): value is (typeof LANGUAGE_CODES)[number] {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

export const UserType = { student: 1, instructor: 2 } as const;

/** Session and notification constants of spec §9. */
export const SESSION_WARNING_SECONDS = 60;
export const SESSION_TIMED_OUT_FLAG_SECONDS = 10;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_SLIDE_OUT_MS = 200;

/** The furthest a new set's default due date lies after its assigned date (DESIGN §7.10): 14 days + 1. assignments.ts re-exports it. */
export const NEW_SET_DUE_DAYS_AT_MOST = 15;
/** How many days ahead the due-soon panel looks unless asked (issue 38): as far as a new set's default due date, so a set assigned today is in the list. due-soon.ts re-exports it. */
export const DUE_SOON_DEFAULT_DAYS = NEW_SET_DUE_DAYS_AT_MOST;
