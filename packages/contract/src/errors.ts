import { z } from 'zod';

/**
 * Every error the API can answer with has a stable code; the web app
 * translates by code and falls back to the English message.
 */
export const ErrorCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'too_large',
  'rate_limited',
  'already_signed_in',
  'invalid_credentials',
  'invalid_link',
  'email_taken',
  'already_instructor',
  'teacher_request_pending',
  'internal',
  'unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const CodedError = z.object({ code: z.string(), message: z.string() });
export const FieldError = z.object({ field: z.string(), messages: z.array(z.string()) });
export const ErrorBody = z.object({ errors: z.array(z.union([CodedError, FieldError])) });
export type CodedError = z.infer<typeof CodedError>;
export type FieldError = z.infer<typeof FieldError>;
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The messages of spec §8 that the server sends word for word. */
export const Messages = {
  invalidCredentials: 'Email or password is not correct.',
  alreadySignedIn: "You've already signed in.",
  tooManyRequests: 'Too many requests. Please wait and try again later.',
  invalidLink: 'This link is no longer valid.',
  emailTaken: 'This email has already been taken.',
  invalidResetEmail: 'Requested email address is invalid.',
  unauthenticated: 'You are not signed in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  csrfFailed: 'The request could not be verified. Please reload the page and try again.',
  notFound: 'The requested resource was not found.',
  internal: 'Something went wrong on our side. Please try again.',
  malformedMultipart: 'The upload could not be read: the multipart form is malformed or incomplete.',
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordsDoNotMatch: 'The passwords do not match.',
  alreadyInstructor: "You're already an instructor.",
  teacherRequestPending: 'Your teacher account request is already waiting for review.',
} as const;

/** A successful response always wraps its payload in `data`. */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
