import type { CourseRole } from '@app/contract/courses';
import { type Expression, type Kysely, sql } from 'kysely';
import { jsonArrayFrom as postgresJsonArray, jsonObjectFrom as postgresJsonObject } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray, jsonObjectFrom as sqliteJsonObject } from 'kysely/helpers/sqlite';
import { type Db, dialectOf, jsonColumn, precompiled, type SlotOf } from '../../db/database.ts';
import { selectLiveSession, splitLiveSession } from '../../db/live-session.ts';
import type { CourseRow, CourseUpdate, Database, NewCourse } from '../../db/schema.ts';

// Every column of a course, by name (the type makes a new column of `courses` fail here until it
// is listed): SQLite's JSON object of a row, which GET /api/courses/{id} reads (decision 028), takes
// no `selectAll`.
const courseColumns: Record<keyof CourseRow, true> = {
  id: true,
  title: true,
  status: true,
  school_id: true,
  academic_term_id: true,
  year: true,
  start_date: true,
  end_date: true,
  enrollment_end_date: true,
  payment_type: true,
  course_product_id: true,
  cadential_64: true,
  neapolitan_6: true,
  lms_type: true,
  invitation_code: true,
  billing_agreed_at: true,
  activated_at: true,
  created_by: true,
  created_at: true,
  updated_at: true,
};
const courseSelection = (Object.keys(courseColumns) as (keyof CourseRow)[]).map((column) => `c.${column}` as const);

/**
 * A course as one member sees it (their role, archive flag, order and payment) with its
 * instructors by last name; no row for a non-member. `userId` is a value or, in a statement that
 * finds the session itself, the session's user (`users.id`).
 */
function selectCourseForMember(db: Kysely<Database>, courseId: number, userId: number | Expression<number>) {
  return db
    .selectFrom('courses as c')
    .innerJoin('course_memberships as m', (join) => join.onRef('m.course_id', '=', 'c.id').on('m.user_id', '=', userId))
    .leftJoin('schools as s', 's.id', 'c.school_id')
    .leftJoin('academic_terms as t', 't.id', 'c.academic_term_id')
    .leftJoin('course_products as p', 'p.id', 'c.course_product_id')
    .leftJoin('payments as pay', (join) => join.onRef('pay.course_id', '=', 'c.id').on('pay.user_id', '=', userId))
    .select(courseSelection)
    .select(['s.name as school', 't.name as academic_term', 'p.name as course_product', 'p.price_cents', 'p.fastspring_product_path'])
    .select(['m.role', 'm.archived', 'm.weight', 'pay.id as payment_id'])
    .select((eb) =>
      (dialectOf(db) === 'postgres' ? postgresJsonArray : sqliteJsonArray)(
        eb
          .selectFrom('course_memberships as im')
          .innerJoin('users as iu', 'iu.id', 'im.user_id')
          .select(['iu.first_name', 'iu.last_name'])
          .whereRef('im.course_id', '=', 'c.id')
          .where('im.role', '=', sql.lit('instructor' as const))
          .orderBy('iu.last_name')
          .orderBy('iu.first_name'),
      ).as('instructors'),
    )
    .where('c.id', '=', courseId);
}

// Every access check of a course runs this (access/course-access.ts): built once per database, and
// it brings the course's instructors along, so presenting a course takes no second statement (issue 15).
const courseForMember = precompiled((db, slot: SlotOf<{ courseId: number; userId: number }>) =>
  selectCourseForMember(db, slot('courseId'), slot('userId')),
);

type CourseForMemberRow = Awaited<ReturnType<typeof courseForMember>>[number];

/**
 * A course as one member sees it (their role, archive flag, order and payment) with its
 * instructors by last name, or undefined for a non-member.
 */
export async function findCourseForMember(db: Db, courseId: number, userId: number) {
  const [row] = await courseForMember(db, { courseId, userId });
  return row && { ...row, instructors: jsonColumn(row.instructors) };
}

// GET /api/courses/{id} (decision 028): the live session of a token hash, its user, and the course
// as that user sees it (a JSON object, null for a non-member), in one statement.
const courseForSession = precompiled((db, slot: SlotOf<{ courseId: number; tokenHash: string; now: number }>) =>
  selectLiveSession(db, slot('tokenHash'), slot('now')).select(
    (dialectOf(db) === 'postgres' ? postgresJsonObject : sqliteJsonObject)(
      selectCourseForMember(db, slot('courseId'), sql<number>`${sql.ref('users.id')}`),
    ).as('course'),
  ),
);

/**
 * The live session of a token hash and its user (undefined when it is not live), with the course
 * as `findCourseForMember` answers it for that user (undefined for a non-member).
 */
export async function findCourseForSession(db: Db, courseId: number, key: { tokenHash: string; now: number }) {
  const [row] = await courseForSession(db, { courseId, ...key });
  if (!row) return undefined;
  const { session, user, extra } = splitLiveSession(row, ['course']);
  const course = extra.course === null ? undefined : jsonColumn(extra.course as CourseForMemberRow | string);
  return { session, user, course: course && { ...course, instructors: jsonColumn(course.instructors) } };
}

/** Inserts a course and returns its id. */
export async function insertCourse(db: Db, values: NewCourse): Promise<number> {
  const row = await db.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Applies changes to a course. */
export async function updateCourse(db: Db, id: number, changes: CourseUpdate): Promise<void> {
  await db.updateTable('courses').set(changes).where('id', '=', id).execute();
}

/** Deletes a course; memberships and payments go with it. */
export async function deleteCourse(db: Db, id: number): Promise<void> {
  await db.deleteFrom('courses').where('id', '=', id).execute();
}

/** True when a course already uses an invitation code. */
export async function invitationCodeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('courses').select('id').where('invitation_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** Adds a person to a course at the top of their list for that role. */
export async function insertMembership(db: Db, values: { courseId: number; userId: number; role: CourseRole; now: number }): Promise<void> {
  await insertMemberships(db, { courseId: values.courseId, members: [values], now: values.now });
}

/**
 * Adds people to a course, each at the top of their list for their role, in two statements
 * whatever their number (the LMS roster sync, issue 28): their lists' tops, then the rows.
 */
export async function insertMemberships(
  db: Db,
  values: { courseId: number; members: readonly { userId: number; role: CourseRole }[]; now: number },
): Promise<void> {
  if (values.members.length === 0) return;
  const tops = await db
    .selectFrom('course_memberships')
    .select(['user_id', 'role', (eb) => eb.fn.min('weight').as('min')])
    .where(
      'user_id',
      'in',
      values.members.map((m) => m.userId),
    )
    .groupBy(['user_id', 'role'])
    .execute();
  const top = new Map(tops.map((t) => [`${Number(t.user_id)}:${t.role}`, t.min]));
  await db
    .insertInto('course_memberships')
    .values(
      values.members.map((m) => {
        const min = top.get(`${m.userId}:${m.role}`);
        const weight = min === null || min === undefined ? 0 : Number(min) - 1;
        return { course_id: values.courseId, user_id: m.userId, role: m.role, archived: 0, weight, created_at: values.now };
      }),
    )
    .execute();
}

/** Changes some members' role to one role in one statement (an LMS roster sync, issue 28); their places in their lists stay. */
export async function setMembershipsRole(db: Db, courseId: number, userIds: readonly number[], role: CourseRole): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('course_memberships')
    .set({ role })
    .where('course_id', '=', courseId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** Sets one member's archive flag. */
export async function setArchived(db: Db, courseId: number, userId: number, archived: boolean): Promise<void> {
  await db
    .updateTable('course_memberships')
    .set({ archived: archived ? 1 : 0 })
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .execute();
}

/** A user's memberships in one role: course id and archive flag. */
export function listMembershipsInRole(db: Db, userId: number, role: CourseRole) {
  return db
    .selectFrom('course_memberships')
    .select(['course_id', 'archived'])
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .execute();
}

/** Writes a user's order of courses in one statement: the n-th id gets weight n. */
export async function writeWeights(db: Db, userId: number, role: CourseRole, orderedCourseIds: number[]): Promise<void> {
  if (orderedCourseIds.length === 0) return;
  // Ids and positions are validated integers, so they are written as literals: one CASE, one statement.
  const cases = orderedCourseIds.map((id, index) => sql`when course_id = ${sql.lit(id)} then ${sql.lit(index)}`);
  await db
    .updateTable('course_memberships')
    .set({ weight: sql<number>`case ${sql.join(cases, sql` `)} else weight end` })
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .where('course_id', 'in', orderedCourseIds)
    .execute();
}

/** Marks every course whose end date has passed as ENDED; returns how many changed. */
export async function endPastCourses(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('courses')
    .set({ status: 'ENDED', updated_at: now })
    .where('status', '!=', 'ENDED')
    .where('end_date', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** True when a school exists. */
export async function schoolExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('schools').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** True when an academic term exists. */
export async function academicTermExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('academic_terms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Every course product, by name. */
export function listCourseProducts(db: Db) {
  return db.selectFrom('course_products').select(['id', 'name', 'price_cents', 'fastspring_product_path']).orderBy('name').execute();
}

/** True when a course product exists. */
export async function courseProductExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('course_products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Adds a course product and returns its id. */
export async function insertCourseProduct(
  db: Db,
  values: { name: string; priceCents: number; path: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('course_products')
    .values({ name: values.name, price_cents: values.priceCents, fastspring_product_path: values.path, created_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A person's role in a course, or undefined. */
/** Whether someone is an instructor or TA of at least one course (any state). */
export async function teachesAnyCourse(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('course_memberships')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('role', 'in', ['instructor', 'ta'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The roles of some people in a course, by user id (those not members are absent): one statement. */
export async function findRoles(db: Db, courseId: number, userIds: readonly number[]): Promise<Map<number, CourseRole>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('course_memberships')
    .select(['user_id', 'role'])
    .where('course_id', '=', courseId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), r.role]));
}

export async function findRole(db: Db, courseId: number, userId: number): Promise<CourseRole | undefined> {
  const row = await db
    .selectFrom('course_memberships')
    .select('role')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}
