import type { CodedError, ErrorCode, FieldError, MessageRef } from '@app/contract/errors';
import { Messages } from '@app/contract/errors';
import { messageCode } from '@app/contract/message-codes';
import type { HarError } from '@app/har/har-error';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUnavailableError, RETRY_AFTER_SECONDS } from './unavailable.ts';

/** The one error a service throws; the handler below turns it into the envelope of DESIGN §5. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: FieldError[],
    /** The codes of sentences the contract's table cannot find by their text (a score refusal's values). */
    readonly refs?: ReadonlyMap<string, MessageRef>,
    /** Sent beside the envelope as `data` (a stale draft's 409 carries the stored draft, decision 046). */
    readonly data?: unknown,
  ) {
    super(message);
  }

  /**
   * A score or document @app/har refused, as a 400 on `field` (a 413 `too_large` when it is too
   * large: an archive that unpacks past the limit answers the same in every upload, DESIGN §5, QA Q10),
   * with its sentence's code and values; `fileName` starts the sentence ('a.har: …').
   */
  static fromHar(error: HarError, field: string, options: { fileName?: string } = {}) {
    const { fileName } = options;
    const message = fileName === undefined ? error.message : `${fileName}: ${error.message}`;
    const ref = error.ref && (fileName === undefined ? error.ref : { code: 'har.inFile', params: { file: fileName, reason: error.ref } });
    const refs = ref ? new Map([[message, ref]]) : undefined;
    if (error.code === 'too_large') return new AppError('too_large', message, 413, undefined, refs);
    return new AppError('validation_failed', message, 400, [{ field, messages: [message] }], refs);
  }

  /** A stored document @app/har cannot use (the request is not at fault): a 409 with the sentence's code and values. */
  static harConflict(error: HarError) {
    return new AppError('conflict', error.message, 409, undefined, error.ref && new Map([[error.message, error.ref]]));
  }

  static badRequest(field: string, message: string) {
    return new AppError('validation_failed', message, 400, [{ field, messages: [message] }]);
  }
  /** One 400 naming several fields at once. */
  static invalidFields(errors: { field: string; message: string }[]) {
    const fields: FieldError[] = [];
    for (const { field, message } of errors) {
      const existing = fields.find((f) => f.field === field);
      if (existing) existing.messages.push(message);
      else fields.push({ field, messages: [message] });
    }
    return new AppError('validation_failed', errors[0]?.message ?? Messages.requestInvalid, 400, fields);
  }
  static unauthenticated(message: string = Messages.unauthenticated) {
    return new AppError('unauthenticated', message, 401);
  }
  static forbidden(message: string) {
    return new AppError('forbidden', message, 403);
  }
  static notFound(message: string = Messages.notFound) {
    return new AppError('not_found', message, 404);
  }
  static conflict(message: string) {
    return new AppError('conflict', message, 409);
  }
}

function groupByField(issues: { instancePath: string; message?: string }[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const list = byField.get(field) ?? [];
    const message = issue.message ?? Messages.valueInvalid;
    if (!list.includes(message)) list.push(message);
    byField.set(field, list);
  }
  return [...byField].map(([field, messages]) => ({ field, messages }));
}

/** A zod failure of a body a route parsed itself (e.g. one that is JSON or multipart), as form-field errors. */
function zodFields(error: z.ZodError): FieldError[] {
  return groupByField(error.issues.map((issue) => ({ instancePath: `/${issue.path.map(String).join('/')}`, message: issue.message })));
}

// What busboy says about a multipart body it cannot read (no or wrong boundary, cut short, bad part
// headers): thrown as plain Errors from inside the parser while a route reads its files.
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Malformed part header|Missing Content-Type-header\.|Unsupported Content-Type\.|The needle (has to be|cannot) .*)$/;

function isMalformedMultipart(error: Error & { statusCode?: number }, contentType: string | undefined): boolean {
  return error.statusCode === undefined && /^multipart\//i.test(contentType ?? '') && MALFORMED_MULTIPART.test(error.message);
}

/**
 * The envelope of DESIGN §5, with the code of each sentence the contract defines in `message_codes`
 * (parallel to `errors`), so clients translate by code, not by English text (issue 18). Answers
 * sent outside the error handler (the NUL guard, file links, operations) use it too.
 */
export function errorBody(errors: (CodedError | FieldError)[], refs?: ReadonlyMap<string, MessageRef>) {
  const codes = errors.map((error) =>
    ('field' in error ? error.messages : [error.message]).map((message) => refs?.get(message) ?? messageCode(message) ?? null),
  );
  return { errors, message_codes: codes };
}

/** Installs the error and not-found handlers: every failure leaves as `{errors: [...]}`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const errors = error.fields ?? [{ code: error.code, message: error.message }];
      const body = errorBody(errors, error.refs);
      return reply.status(error.status).send(error.data === undefined ? body : { ...body, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(groupByField(error.validation)));
    }
    if (error instanceof z.ZodError) {
      return reply.status(400).send(errorBody(zodFields(error)));
    }
    if (isMalformedMultipart(error, request.headers['content-type'])) {
      return reply.status(400).send(errorBody([{ code: 'validation_failed', message: Messages.malformedMultipart }]));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody([{ code: 'too_large', message: Messages.requestTooLarge }]));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody([{ code: 'validation_failed', message: Messages.invalidJson }]));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      const message = error.message.endsWith('.') ? error.message : `${error.message}.`;
      return reply.status(status).send(errorBody([{ code: 'validation_failed', message }]));
    }
    if (isUnavailableError(error)) {
      // The database or storage is away for now: the client (or load balancer) tries again.
      request.log.warn({ err: error }, 'backing service unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(errorBody([{ code: 'unavailable', message: Messages.unavailable }]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody([{ code: 'internal', message: Messages.internal }]));
  });
}

/**
 * Fastify's own refusals before any route runs — a path that is not valid percent-encoding (400),
 * a path parameter past the router's length limit (414) — in the envelope too. Passed to Fastify
 * as its `frameworkErrors` option; the fuzz test found them answering Fastify's default body.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? Messages.addressTooLong : Messages.addressInvalid;
  return reply.status(status).send(errorBody([{ code: 'validation_failed', message }]));
}
