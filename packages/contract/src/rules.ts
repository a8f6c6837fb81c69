import { z } from 'zod';

/** The password rules of spec §5, shared by the live checklist and the server. */
export const passwordRules = [
  { key: 'length', message: 'Password must be at least 8 characters.', test: (p: string) => p.length >= 8 },
  { key: 'uppercase', message: 'Password must contain an uppercase letter.', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lowercase', message: 'Password must contain a lowercase letter.', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', message: 'Password must contain a digit.', test: (p: string) => /[0-9]/.test(p) },
] as const;
export type PasswordRuleKey = (typeof passwordRules)[number]['key'];

export const PASSWORD_MAX_LENGTH = 128;

/** Returns the rules a password breaks, in checklist order. */
export function brokenPasswordRules(password: string) {
  return passwordRules.filter((rule) => !rule.test(password));
}

export const Password = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    for (const rule of brokenPasswordRules(value)) ctx.addIssue({ code: 'custom', message: rule.message });
  });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ message: 'Please enter a valid email address.' }));

/** Session and notification constants of spec §9. */
export {
  NOTIFICATION_SLIDE_OUT_MS,
  NOTIFICATION_TIMEOUT_MS,
  SESSION_TIMED_OUT_FLAG_SECONDS,
  SESSION_WARNING_SECONDS,
} from './constants.ts';
