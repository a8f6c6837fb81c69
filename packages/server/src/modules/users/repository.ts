import type { Db } from '../../db/database.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

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
            .where('teacher_account_requests.status', '=', 'PENDING'),
        )
        .as('has_pending_teacher_account_request'),
    );
}

// SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
export function withFlags<T extends { has_pending_teacher_account_request: unknown }>(row: T | undefined) {
  return row && { ...row, has_pending_teacher_account_request: Boolean(row.has_pending_teacher_account_request) };
}

/** One user with the name of their time zone. */
export async function findUserById(db: Db, id: number): Promise<UserWithTimezone | undefined> {
  return withFlags(await selectUsers(db).where('users.id', '=', id).executeTakeFirst());
}

/** One user by e-mail (stored lower-case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithTimezone | undefined> {
  return withFlags(await selectUsers(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst());
}

/** Inserts a user and returns its id. */
export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Applies changes to a user. */
export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** True when a time zone id exists. */
export async function timezoneExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('timezones').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The id of a time zone by IANA name. */
export async function findTimezoneId(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('timezones').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}
