import type { Db } from '../../db/database.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export type UserWithTimezone = UserRow & { timezone_name: string };

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('timezones', 'timezones.id', 'users.timezone_id')
    .selectAll('users')
    .select('timezones.name as timezone_name');
}

/** One user with the name of their time zone. */
export async function findUserById(db: Db, id: number): Promise<UserWithTimezone | undefined> {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** One user by e-mail (stored lower-case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithTimezone | undefined> {
  return selectUsers(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst();
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
