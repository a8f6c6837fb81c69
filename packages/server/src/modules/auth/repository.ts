import { type Db, precompiled, type SlotOf } from '../../db/database.ts';
import { selectLiveSession, splitLiveSession, type UserWithTimezone } from '../../db/live-session.ts';
import type { SessionRow } from '../../db/schema.ts';

/** Stores a new session and returns it. */
export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    userId: number;
    now: number;
    expiresAt: number;
    absoluteExpiresAt: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      created_at: values.now,
      expires_at: values.expiresAt,
      absolute_expires_at: values.absoluteExpiresAt,
      revoked_at: null,
      ip: values.ip,
      user_agent: values.userAgent,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Built once per database: this statement starts every authenticated request but the two that
// find the session in their own statement (issue 15, decision 028).
const liveSessionWithUser = precompiled((db, slot: SlotOf<{ tokenHash: string; now: number }>) =>
  selectLiveSession(db, slot('tokenHash'), slot('now')),
);

/**
 * A live session (neither revoked nor past either limit) and its user, in one statement: every
 * authenticated request starts here (issue 15).
 */
export async function findLiveSessionWithUser(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ session: SessionRow; user: UserWithTimezone } | undefined> {
  const [row] = await liveSessionWithUser(db, { tokenHash, now });
  return row && splitLiveSession(row);
}

/** A session by id if it is neither revoked nor past either limit. */
export async function findLiveSessionById(db: Db, sessionId: number, now: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
}

const slideSession = precompiled((db, slot: SlotOf<{ sessionId: number; expiresAt: number }>) =>
  db
    .updateTable('sessions')
    .set({ expires_at: slot('expiresAt') })
    .where('id', '=', slot('sessionId')),
);

/** Moves a session's idle expiry. */
export async function extendSession(db: Db, sessionId: number, expiresAt: number): Promise<void> {
  await slideSession(db, { sessionId, expiresAt });
}

/** Revokes one session. */
export async function revokeSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** Revokes every session of a user except, optionally, one. */
export async function revokeUserSessions(db: Db, userId: number, now: number, exceptSessionId?: number): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export type TokenPurpose = 'create-password' | 'reset-password' | 'sign-in' | 'change-email';

/** Stores a one-time token; an e-mail change carries the address it confirms. */
export async function insertOneTimeToken(
  db: Db,
  values: { tokenHash: string; userId: number; purpose: TokenPurpose; now: number; expiresAt: number; newEmail?: string },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      purpose: values.purpose,
      created_at: values.now,
      expires_at: values.expiresAt,
      used_at: null,
      ...(values.newEmail === undefined ? {} : { new_email: values.newEmail }),
    })
    .execute();
}

/** Uses up a live e-mail change link in one statement; its user and the address it confirms. */
export async function consumeEmailChange(db: Db, tokenHash: string, now: number) {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'change-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row?.new_email ? { userId: row.user_id, newEmail: row.new_email } : undefined;
}

/** Ends every unused token of the purposes for one user (a newer link, or a used one, replaces them). */
export async function retireOneTimeTokens(db: Db, userId: number, purposes: TokenPurpose[], now: number): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Marks a live token of one of the purposes as used and returns its user, in one
 * statement, so two requests racing with the same link cannot both succeed.
 */
export async function consumeOneTimeToken(db: Db, tokenHash: string, purposes: TokenPurpose[], now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Failed sign-ins since a time, for one e-mail and for one address. */
export async function countRecentFailures(db: Db, email: string, ip: string, since: number) {
  const [byEmail, byIp] = await Promise.all([
    db
      .selectFrom('sign_in_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sign_in_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { byEmail: Number(byEmail.n), byIp: Number(byIp.n) };
}

/** Records a failed sign-in. */
export async function insertFailure(db: Db, email: string, ip: string, now: number): Promise<void> {
  await db.insertInto('sign_in_attempts').values({ email, ip, created_at: now }).execute();
}

/** Forgets an account's failures after it signs in. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('email', '=', email).execute();
}

/** Deletes sessions, tokens and attempts that can no longer matter. */
export async function sweepExpired(db: Db, now: number, attemptWindowSeconds: number): Promise<void> {
  await db.deleteFrom('sessions').where('absolute_expires_at', '<', now).execute();
  await db.deleteFrom('one_time_tokens').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('sign_in_attempts')
    .where('created_at', '<', now - attemptWindowSeconds)
    .execute();
}
