import { timingSafeEqual } from 'node:crypto';
import { Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import { newSecret } from '../lib/random.ts';
import { AppError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Server-to-server calls carry no cookie; they prove themselves another way (a signature).
const EXEMPT = new Set(['/api/fastspring/webhook']);
// LTI Dynamic Registration: authorised by the one-time key in its path, not by a cookie; it runs
// inside the LMS's frame, where this site's cookies are not sent (issue 28).
const EXEMPT_PATTERN = /^\/api\/lti\/registrations\/[A-Za-z0-9_-]{1,100}$/;

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF check: the server hands out a `csrftoken` cookie and every
 * state-changing API call must repeat it in `X-CSRFToken`.
 */
export function registerCsrf(app: FastifyInstance, options: { secure: boolean }) {
  const issued = new WeakMap<object, string>();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const path = request.url.split('?')[0] ?? '';
    if (UNSAFE.has(request.method) && !EXEMPT.has(path) && !EXEMPT_PATTERN.test(path)) {
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError('csrf_failed', Messages.csrfFailed, 403);
      }
      return;
    }
    if (!cookie) {
      const value = newSecret();
      issued.set(request, value);
      reply.setCookie(CSRF_COOKIE, value, { path: '/', sameSite: 'strict', secure: options.secure, httpOnly: false });
    }
  });

  // The web app calls this once when it has no cookie yet; the hook above has just set one.
  app.get('/api/csrf', { schema: { hide: true } }, async (request) => {
    return { data: { csrf_token: request.cookies[CSRF_COOKIE] ?? issued.get(request) ?? '' } };
  });
}
