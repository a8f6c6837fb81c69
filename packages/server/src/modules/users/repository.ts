import { sql } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { type Db, type DialectName, jsonColumn, precompiled, type SlotOf } from '../../db/database.ts';
import { selectLiveSession, selectUsers, splitLiveSession, type UserWithTimezone, withFlags } from '../../db/live-session.ts';
import { selectInvitations, selectRequests } from '../../db/read-model.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';

export type { UserWithTimezone } from '../../db/live-session.ts';

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

/** The ids of the accounts holding any of these (lower-case) e-mail addresses, by address: one statement. */
export async function findUserIdsByEmails(db: Db, emails: readonly string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', [...emails])
    .execute();
  return new Map(rows.map((r) => [r.email, Number(r.id)]));
}

/** Inserts users in one statement; their ids by uuid. */
export async function insertUsers(db: Db, values: readonly NewUser[]): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insertInto('users')
    .values([...values])
    .returning(['id', 'uuid'])
    .execute();
  return new Map(rows.map((r) => [r.uuid, Number(r.id)]));
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

/** The key of a hot statement that finds the live session itself (decision 028). */
type SessionKey = { tokenHash: string; now: number };

/**
 * The live session of a token hash and its user (db/live-session.ts), and with them everything
 * the dashboard shows besides the user, in one statement (issue 15, decisions 023 and 028): the
 * user's courses in their order with their membership and payment, those courses' instructors by
 * name, the invitations pending for their address, their enrollment requests, and a pending
 * e-mail change. Each list is a JSON array the database writes from an ordered subquery; each
 * subquery is the one its module's list used to run on its own, with the session's user
 * (`users.id`, `users.email`) where it took the user's id and address. No row: no live session.
 */
// Constants are written into these statements as literals, not bound: SQLite prepares a statement
// again at every run when a bound value meets a partial index's condition (status = 'PENDING') or
// a LIMIT, which cost the dashboard statement ~10× its run time (issue 15).
function dashboardQuery(jsonArrayFrom: typeof sqliteJsonArray) {
  return precompiled((db, slot: SlotOf<SessionKey>) => {
    const userId = sql<number>`${sql.ref('users.id')}`;
    const email = sql<string>`${sql.ref('users.email')}`;
    const now = slot('now');
    return selectLiveSession(db, slot('tokenHash'), now).select([
      jsonArrayFrom(
        db
          .selectFrom('course_memberships as m')
          .innerJoin('courses as c', 'c.id', 'm.course_id')
          .leftJoin('schools as s', 's.id', 'c.school_id')
          .leftJoin('academic_terms as t', 't.id', 'c.academic_term_id')
          .leftJoin('course_products as p', 'p.id', 'c.course_product_id')
          .leftJoin('payments as pay', (join) => join.onRef('pay.course_id', '=', 'c.id').on('pay.user_id', '=', userId))
          .select([
            'c.id',
            'c.title',
            'c.status',
            'c.academic_term_id',
            'c.year',
            'c.school_id',
            'c.start_date',
            'c.end_date',
            'c.enrollment_end_date',
            'c.payment_type',
            'c.course_product_id',
            'c.cadential_64',
            'c.neapolitan_6',
            'c.invitation_code',
            'c.lms_type',
            's.name as school',
            't.name as academic_term',
            'p.name as course_product',
            'p.price_cents',
            'p.fastspring_product_path',
            'm.role',
            'm.archived',
            'm.weight',
            'pay.id as payment_id',
          ])
          .where('m.user_id', '=', userId)
          .orderBy('m.weight')
          .orderBy('c.id', 'desc'),
      ).as('courses'),
      jsonArrayFrom(
        db
          .selectFrom('course_memberships as im')
          .innerJoin('users as u', 'u.id', 'im.user_id')
          .select(['im.course_id', 'u.first_name', 'u.last_name'])
          .where('im.role', '=', sql.lit('instructor' as const))
          .where('im.course_id', 'in', (eb) =>
            eb.selectFrom('course_memberships as mine').select('mine.course_id').where('mine.user_id', '=', userId),
          )
          .orderBy('u.last_name')
          .orderBy('u.first_name'),
      ).as('instructors'),
      jsonArrayFrom(
        selectInvitations(db)
          .where('i.invitee_email', '=', email)
          .where('i.state', '=', sql.lit('PENDING' as const))
          .where('i.expires_at', '>', now)
          .orderBy('i.created_at', 'desc'),
      ).as('invitations'),
      jsonArrayFrom(
        selectRequests(db)
          .where('r.student_id', '=', userId)
          .where('r.status', 'not in', [sql.lit('CANCELLED' as const), sql.lit('DISMISSED' as const)])
          .orderBy('r.created_at', 'desc')
          .limit(sql.lit(100)),
      ).as('requests'),
      db
        .selectFrom('one_time_tokens as ott')
        .select('ott.new_email')
        .where('ott.user_id', '=', userId)
        .where('ott.purpose', '=', sql.lit('change-email' as const))
        .where('ott.used_at', 'is', null)
        .where('ott.expires_at', '>', now)
        .orderBy('ott.id', 'desc')
        .limit(sql.lit(1))
        .as('pending_email'),
    ]);
  });
}

const dashboardQueries = { sqlite: dashboardQuery(sqliteJsonArray), postgres: dashboardQuery(postgresJsonArray) };

const DASHBOARD_COLUMNS = ['courses', 'instructors', 'invitations', 'requests', 'pending_email'] as const;

/** The live session of a token hash, its user and their dashboard's lists (see dashboardQuery); undefined when the session is not live. */
export async function readDashboardWithSession(db: Db, dialect: DialectName, key: SessionKey) {
  const [row] = await dashboardQueries[dialect](db, key);
  if (!row) return undefined;
  const { session, user, extra } = splitLiveSession(row, DASHBOARD_COLUMNS);
  const dashboard = {
    courses: jsonColumn(extra.courses),
    instructors: jsonColumn(extra.instructors),
    invitations: jsonColumn(extra.invitations),
    requests: jsonColumn(extra.requests),
    pendingEmail: extra.pending_email ?? null,
  };
  return { session, user, dashboard };
}

/** What the dashboard shows besides the user. */
export type Dashboard = NonNullable<Awaited<ReturnType<typeof readDashboardWithSession>>>['dashboard'];
