import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { SessionRow, UserRow } from './schema.ts';

/*
 * The one definition of a live session and of the user row an actor carries. The session lookup
 * of every request (`modules/auth/repository.ts`) starts from `selectLiveSession`, and so do the
 * hot statements that find the session in their own statement (decision 028: GET /api/users and
 * GET /api/courses/{id} add their columns to it). Here, in db/, because three modules' statements
 * build on it and a module may not import another module's repository (biome.json).
 */

/** A user row with the name of their time zone and whether a teacher account request of theirs is pending. */
export type UserWithTimezone = UserRow & { timezone_name: string; has_pending_teacher_account_request: boolean };

/** Users with their time zone's name and pending-request flag (also the start of the session lookup). */
export function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('timezones', 'timezones.id', 'users.timezone_id')
    .selectAll('users')
    .select('timezones.name as timezone_name')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('teacher_account_requests')
            .select('teacher_account_requests.id')
            .whereRef('teacher_account_requests.user_id', '=', 'users.id')
            .where('teacher_account_requests.status', '=', sql.lit('PENDING' as const)),
        )
        .as('has_pending_teacher_account_request'),
    );
}

// SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
export function withFlags<T extends { has_pending_teacher_account_request: unknown }>(row: T | undefined) {
  return row && { ...row, has_pending_teacher_account_request: Boolean(row.has_pending_teacher_account_request) };
}

/**
 * The session of a token hash if it is live (not revoked, neither expiry reached at `now`), with
 * its user: one row or none. Its session columns are prefixed `session_`; the user's are as
 * `selectUsers` names them, so a statement that adds columns must not reuse those names. In the
 * columns it adds, `users.id` and `users.email` are the actor's.
 */
export function selectLiveSession(db: Db, tokenHash: string, now: number) {
  return selectUsers(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.absolute_expires_at as session_absolute_expires_at',
      'sessions.revoked_at as session_revoked_at',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now);
}

/** The user's columns as `selectUsers` answers them (before `withFlags`). */
type UserColumns = UserRow & { timezone_name: string; has_pending_teacher_account_request: unknown };

/** The session's columns as `selectLiveSession` answers them. */
type SessionColumns = {
  session_id: number;
  session_token_hash: string;
  session_created_at: number;
  session_expires_at: number;
  session_absolute_expires_at: number;
  session_revoked_at: number | null;
  session_ip: string | null;
  session_user_agent: string | null;
};

// The user's columns by name (the type makes a new column of `users` fail here until it is listed),
// so that splitting a row copies them without walking the row's other columns (issue 15).
const userColumns: Record<keyof UserColumns, true> = {
  id: true,
  uuid: true,
  user_type: true,
  first_name: true,
  last_name: true,
  email: true,
  password_hash: true,
  gender: true,
  school: true,
  phone_number: true,
  timezone_id: true,
  language: true,
  will_receive_marketing_emails: true,
  will_receive_notification_emails: true,
  created_at: true,
  updated_at: true,
  timezone_name: true,
  has_pending_teacher_account_request: true,
};
const userColumnNames = Object.keys(userColumns) as (keyof UserColumns)[];

/**
 * Splits a row of `selectLiveSession` into the session, the user, and the columns a statement
 * added to it (named in `extra`).
 */
export function splitLiveSession<
  Row extends UserColumns & SessionColumns,
  K extends Exclude<keyof Row, keyof UserColumns | keyof SessionColumns>,
>(row: Row, extra: readonly K[] = []): { session: SessionRow; user: UserWithTimezone; extra: Pick<Row, K> } {
  const session: SessionRow = {
    id: row.session_id,
    token_hash: row.session_token_hash,
    user_id: row.id,
    created_at: row.session_created_at,
    expires_at: row.session_expires_at,
    absolute_expires_at: row.session_absolute_expires_at,
    revoked_at: row.session_revoked_at,
    ip: row.session_ip,
    user_agent: row.session_user_agent,
  };
  const user: Record<string, unknown> = {};
  for (const name of userColumnNames) user[name] = row[name];
  user.has_pending_teacher_account_request = Boolean(row.has_pending_teacher_account_request);
  const added: Partial<Pick<Row, K>> = {};
  for (const name of extra) added[name] = row[name];
  return { session, user: user as UserWithTimezone, extra: added as Pick<Row, K> };
}
