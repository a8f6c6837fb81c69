import { Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a request with an Idempotency-Key runs: its answer is kept for retries. */
    idempotency: { userId: number; key: string } | undefined;
  }
}

/** A first request that has not answered after this long is taken to have died with its instance. */
const IN_PROGRESS_STALE_SECONDS = 120;
/** How long answers are kept for retries. */
export const IDEMPOTENCY_KEEP_SECONDS = 24 * 3600;

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a signed-in POST (uploads, submissions, anything that creates):
 * the first request runs and its successful answer is kept for a day; a retry with the
 * same key by the same user gets that answer again (with `Idempotent-Replayed: true`)
 * and creates nothing. A retry while the first still runs gets 409; a failed first
 * request keeps nothing, so its retry runs anew. The same key on another path is refused.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  app.decorateRequest('idempotency', undefined);

  // After authentication (registered later, runs later): keys belong to a user.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || request.method !== 'POST' || !request.actor) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw AppError.badRequest('Idempotency-Key', Messages.idempotencyKeyInvalid);
    }
    const userId = request.actor.user.id;
    const fingerprint = `${request.method} ${request.url.split('?')[0]}`.slice(0, 600);
    const now = clock.now();
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request: fingerprint, status_code: null, response: null, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotency = { userId, key };
      return;
    }
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing && existing.request !== fingerprint) {
      throw AppError.conflict(Messages.idempotencyKeyReused);
    }
    if (existing?.status_code != null && existing.response !== null) {
      return reply
        .status(existing.status_code)
        .header('Idempotent-Replayed', 'true')
        .header('Content-Type', 'application/json; charset=utf-8')
        .send(existing.response);
    }
    // Still running, or its instance died: take a stale claim over, else ask to retry later.
    const takenOver = await db
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .where('created_at', '<', now - IN_PROGRESS_STALE_SECONDS)
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) > 0) {
      request.idempotency = { userId, key };
      return;
    }
    reply.header('Retry-After', '2');
    throw AppError.conflict(Messages.idempotencyKeyInProgress);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = undefined;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await db
          .updateTable('idempotency_keys')
          .set({ status_code: reply.statusCode, response: payload })
          .where('user_id', '=', pending.userId)
          .where('key', '=', pending.key)
          .execute();
      } else {
        // Nothing was made: forget the key so a retry runs again.
        await db.deleteFrom('idempotency_keys').where('user_id', '=', pending.userId).where('key', '=', pending.key).execute();
      }
    } catch (err) {
      // The answer itself stands; a retry then waits for the stale claim to be taken over.
      request.log.warn({ err }, 'could not keep the answer for its Idempotency-Key');
    }
    return payload;
  });
}

/** Forgets answers older than a day (housekeeping). */
export async function sweepIdempotencyKeys(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_KEEP_SECONDS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
