import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.ts';
import { Course } from './courses.ts';
import { CourseInvitation, EnrollmentRequest } from './people.ts';
import { Email, Password } from './rules.ts';

export { LANGUAGES, UserType } from './constants.ts';
export const LanguageCode = z.enum(LANGUAGE_CODES, {
  message: 'Language must be one of en, zh-hans, zh-hant, ko.',
});
export type LanguageCode = z.infer<typeof LanguageCode>;

export const User = z.object({
  id: z.number().int(),
  uuid: z.string(),
  user_type: z.union([z.literal(1), z.literal(2)]),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  gender: z.string().nullable(),
  school: z.string().nullable(),
  phone_number: z.string().nullable(),
  timezone: z.number().int(),
  timezone_name: z.string(),
  language: LanguageCode,
  will_receive_marketing_emails: z.boolean(),
  will_receive_notification_emails: z.boolean(),
  has_pending_teacher_account_request: z.boolean(),
});
export type User = z.infer<typeof User>;

/** GET /api/users: the user and their course lists (filled by the course issues). */
export const CurrentUser = User.extend({
  course_instructors: z.array(Course),
  course_students: z.array(Course),
  course_tas: z.array(Course),
  invitations: z.array(CourseInvitation),
  enrollment_requests: z.array(EnrollmentRequest),
  /** A new address waiting for its confirmation link to be followed; `email` stays until then. */
  pending_email: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** POST /api/users/email-confirmation: the token of the link sent to the new address. */
export const ConfirmEmailRequest = z.object({ token: z.string().min(1, 'Token is required.').max(200) });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;
/** The address the account now has. */
export const ConfirmEmailResponse = z.object({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

const Name = (label: string) => z.string().trim().min(1, `${label} is required.`).max(100, `${label} must be at most 100 characters.`);

/** Form checkbox values arrive as booleans (JSON) or strings (form encoding). */
const Flag = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1')]);

/** POST /api/users: sign-up. gender, school and phone_number are decoys a person leaves empty. */
export const SignUpRequest = z.object({
  first_name: Name('First name'),
  last_name: Name('Last name'),
  email: Email,
  gender: z.string().max(200).optional(),
  school: z.string().max(200).optional(),
  phone_number: z.string().max(200).optional(),
  will_receive_marketing_emails: Flag.default(false),
  will_receive_notification_emails: Flag.default(false),
  language: LanguageCode.optional(),
});
export type SignUpRequest = z.input<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required.').max(254),
  password: z.string().min(1, 'Password is required.').max(1024),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInTokenRequest = z.object({ token: z.string().min(1, 'Token is required.').max(200) });

/**
 * POST /api/users/password: with `token` it creates or resets a password from an e-mailed link;
 * without it, a signed-in user changes theirs and must give `current_password`.
 */
export const PasswordRequest = z
  .object({
    token: z.string().max(200).optional(),
    current_password: z.string().max(1024).optional(),
    password: Password,
    password_confirm: z.string().max(1024),
  })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'The passwords do not match.',
  });
export type PasswordRequest = z.infer<typeof PasswordRequest>;

/** POST /api/users/password-reset: `password` is a decoy a person never sees. */
export const PasswordResetRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'Requested email address is invalid.' })),
  password: z.string().max(1024).optional(),
});

/** PUT /api/users: id, uuid and user_type are never accepted. */
export const UpdateUserRequest = z.strictObject(
  {
    first_name: Name('First name').optional(),
    last_name: Name('Last name').optional(),
    email: Email.optional(),
    current_password: z.string().max(1024).optional(),
    timezone: z.number({ message: 'Time zone must be a number.' }).int().positive().optional(),
    language: LanguageCode.optional(),
    will_receive_marketing_emails: z.boolean().optional(),
    will_receive_notification_emails: z.boolean().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields cannot be changed: ${issue.keys.join(', ')}.` : undefined) },
);
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const Language = z.object({ abbreviation: LanguageCode, language: z.string() });
export const Timezone = z.object({ id: z.number().int(), timezone: z.string() });
export const School = z.object({ id: z.number().int(), school: z.string() });
export const AcademicTerm = z.object({ id: z.number().int(), academic_term: z.string() });
export type Timezone = z.infer<typeof Timezone>;
export type School = z.infer<typeof School>;
export type AcademicTerm = z.infer<typeof AcademicTerm>;

/** Sign-in and token sign-in answer with the user; the token travels in headers. */
export const SignInResponse = z.object({ user: User });
