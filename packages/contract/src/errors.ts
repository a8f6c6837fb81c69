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
/**
 * Values a message carries (`{ max: 200 }` for 'This field must be at most 200 characters.'): text,
 * a number, or another coded sentence (a score refusal's subject or reason, har-messages.ts).
 */
export type MessageParams = { [name: string]: string | number | MessageRef };
/** The code of one sentence (`course.ended`, see message-codes.ts), for the web app to translate by. */
export type MessageRef = { code: string; params?: MessageParams };
export const MessageParams: z.ZodType<MessageParams> = z.lazy(() => z.record(z.string(), z.union([z.string(), z.number(), MessageRef])));
export const MessageRef: z.ZodType<MessageRef> = z.lazy(() => z.object({ code: z.string(), params: MessageParams.optional() }));
/**
 * `errors` as DESIGN §5 gives them (`code` is the kind of error, for clients to branch on).
 * `message_codes` runs parallel to `errors`, and each entry parallel to that error's messages
 * (one for a coded error): the code of each sentence, or null for a sentence the contract does not
 * define. Beside the items rather than inside them, so the items keep exactly the shape of §5.
 */
export const ErrorBody = z.object({
  errors: z.array(z.union([CodedError, FieldError])),
  message_codes: z.array(z.array(MessageRef.nullable())).optional(),
});
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
  invalidJson: 'The request body is not valid JSON.',
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordsDoNotMatch: 'The passwords do not match.',
  alreadyInstructor: "You're already an instructor.",
  teacherRequestPending: 'Your teacher account request is already waiting for review.',
  requestTooLarge: 'The request is too large.',
  requestInvalid: 'The request is not valid.',
  valueInvalid: 'This value is not valid.',
  addressInvalid: 'This address is not valid.',
  addressTooLong: 'A part of this address is too long.',
  // Sentences the server's own layers write (issue 18: each has a code, so clients translate it).
  noSuchPath: (route: string) => `No such path: ${route}.`,
  textHasNul: 'Text cannot contain the NUL character (U+0000).',
  idInvalid: 'The id must be a positive integer.',
  timezoneUnknown: 'This time zone does not exist.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still in progress.',
  fileLinkInvalid: 'This file link is not valid or has expired.',
  fileMissing: 'This file does not exist.',
  workerOnly: 'This instance runs background jobs only.',
  metricsTokenRequired: 'A valid metrics token is required.',
} as const;

/** A successful response always wraps its payload in `data`. */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
