import { Messages } from '@app/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserWithTimezone } from '../db/live-session.ts';
import type { SessionRow } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { hashSecret } from '../lib/random.ts';
import { extendSession, findLiveSessionWithUser } from '../modules/auth/repository.ts';
import type { Actor } from './actor.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's own statement finds the live session and its user (decision 028): the
     * preHandler runs no lookup for it, and its handler starts from `ownSession(request)`.
     */
    findsSessionItself?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
    /** A token was sent but is no longer live (expired, revoked or unknown). */
    tokenRejected: boolean;
    /** On a route that finds the session itself, with a token: what its statement needs. */
    sessionLookup: SessionLookup | undefined;
  }
}

/** What a statement needs to find a live session (db/live-session.ts `selectLiveSession`). */
export type SessionKey = { tokenHash: string; now: number };

/** A live session and its user, as the session lookup and the statements built on it find them. */
export type LiveSession = { session: SessionRow; user: UserWithTimezone };

/**
 * The session lookup left to a route's own statement (decision 028): the statement finds the
 * session by `key` (starting from `selectLiveSession`), and `resolve` applies the session rules to
 * what it found, as the preHandler does for every other route: nothing found is a 401
 * (`session_expired`); else the idle expiry slides when due, the token headers are echoed, and
 * the actor is the request's.
 */
export type SessionLookup = {
  key: SessionKey;
  resolve: <F extends LiveSession>(found: F | undefined) => Promise<{ actor: Actor; found: F }>;
};

/** Sent by the web app on requests the user did not cause (lib/user-activity.ts). */
export const BACKGROUND_HEADER = 'x-background-request';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

// An idle expiry moves only when it would move by this much: one write per few seconds, not per request.
const SLIDE_GRANULARITY_SECONDS = 5;

/** A session token as the browser holds it, with its idle expiry. */
export type IssuedSession = { token: string; expiresAt: number };

/**
 * The actor behind a bearer token, with the idle expiry slid forward (unless `slide` is false: a
 * background request); undefined when the token is not live. One statement finds the session
 * and loads its user; a second, at most every few seconds, slides it (issue 15).
 */
export async function authenticate(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  token: string,
  options: { forceSlide?: boolean; slide?: boolean } = {},
): Promise<{ actor: Actor; expiresAt: number } | undefined> {
  const now = deps.clock.now();
  return applySessionRules(deps, token, await findLiveSessionWithUser(deps.db, hashSecret(token), now), now, options);
}

/** The session rules, applied to the live session found for a token at `now` (or to none). */
async function applySessionRules(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
  found: LiveSession | undefined,
  now: number,
  options: { forceSlide?: boolean; slide?: boolean },
): Promise<{ actor: Actor; expiresAt: number } | undefined> {
  if (!found) return undefined;
  const { session, user } = found;
  const slid = Math.min(now + deps.config.sessionIdleSeconds, session.absolute_expires_at);
  let expiresAt = session.expires_at;
  const slides = options.slide !== false;
  if (slides && (slid - session.expires_at >= SLIDE_GRANULARITY_SECONDS || (options.forceSlide && slid > session.expires_at))) {
    await extendSession(deps.db, session.id, slid);
    expiresAt = slid;
  }
  return { actor: { user, session: { ...session, expires_at: expiresAt }, token }, expiresAt };
}

/** Writes the token headers that the browser copies into its cookies (DESIGN §5). */
export function sendTokenHeaders(reply: FastifyReply, session: IssuedSession) {
  reply.header('X-Access-Token', session.token);
  reply.header('X-Token-Expire', String(session.expiresAt));
}

/**
 * Resolves the bearer token on every API request into `request.actor`, sliding
 * the idle expiry and echoing the token headers on the response. A route declared
 * `findsSessionItself` gets `request.sessionLookup` instead, and its statement finds the session.
 */
export function registerAuthentication(app: FastifyInstance, deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  app.decorateRequest('actor', undefined);
  app.decorateRequest('tokenRejected', false);
  app.decorateRequest('sessionLookup', undefined);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    // Renewal always slides to the full idle limit; other calls slide in steps. A call the web app
    // marks as background (a poll or refetch with nobody at the keyboard) is served but does not
    // count as activity, so an idle session still runs out on a page that polls.
    const forceSlide = request.routeOptions.url === '/api/users/renew-access-token';
    const background = request.headers[BACKGROUND_HEADER] === '1';
    const options = { forceSlide, slide: forceSlide || !background };
    const accept = (result: { actor: Actor; expiresAt: number } | undefined) => {
      if (!result) {
        request.tokenRejected = true;
        return undefined;
      }
      request.actor = result.actor;
      sendTokenHeaders(reply, { token, expiresAt: result.expiresAt });
      return result.actor;
    };
    if (request.routeOptions.config?.findsSessionItself) {
      // One round trip instead of two (decision 028): the handler's statement finds the session.
      const now = deps.clock.now();
      request.sessionLookup = {
        key: { tokenHash: hashSecret(token), now },
        resolve: async (found) => {
          const actor = accept(await applySessionRules(deps, token, found, now, options)) ?? requireActor(request);
          // An actor means the statement found the session.
          return { actor, found: found as NonNullable<typeof found> };
        },
      };
      return;
    }
    accept(await authenticate(deps, token, options));
  });
}

/**
 * On a route declared `findsSessionItself`: the lookup its statement is to do, or the 401 of a
 * request without a token.
 */
export function ownSession(request: FastifyRequest): SessionLookup {
  if (request.sessionLookup) return request.sessionLookup;
  throw AppError.unauthenticated();
}

/** The signed-in actor, or a 401 that says whether the session ran out or never was. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  if (request.tokenRejected) throw new AppError('session_expired', Messages.sessionExpired, 401);
  throw AppError.unauthenticated();
}

/** Request facts the session records. */
export function requestInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
