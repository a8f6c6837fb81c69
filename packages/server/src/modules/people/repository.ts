import type { CourseRole } from '@app/contract/courses';
import type { Db } from '../../db/database.ts';
import { selectInvitations as selectInvitationsBase, selectRequests as selectRequestsBase } from '../../db/read-model.ts';

/** The people of a course in one role, by last name. */
export function listMembers(db: Db, courseId: number, role: CourseRole) {
  return db
    .selectFrom('course_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.course_id', '=', courseId)
    .where('m.role', '=', role)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/** A person's role in a course, if any. */
export async function findMembership(db: Db, courseId: number, userId: number) {
  return db
    .selectFrom('course_memberships')
    .select(['id', 'role'])
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** How many instructors a course has. */
export async function countInstructors(db: Db, courseId: number): Promise<number> {
  const row = await db
    .selectFrom('course_memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .where('role', '=', 'instructor')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes a person from a course. */
export async function deleteMembership(db: Db, courseId: number, userId: number): Promise<void> {
  await db.deleteFrom('course_memberships').where('course_id', '=', courseId).where('user_id', '=', userId).execute();
}

/** The e-mails, among some, of people already in a course. */
export async function memberEmails(db: Db, courseId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('course_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.course_id', '=', courseId)
    .where('u.email', 'in', emails)
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** The e-mails, among some, with a live pending invitation to a course. */
export async function invitedEmails(db: Db, courseId: number, emails: string[], now: number): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('course_invitations')
    .select('invitee_email')
    .where('course_id', '=', courseId)
    .where('state', '=', 'PENDING')
    .where('expires_at', '>', now)
    .where('invitee_email', 'in', emails)
    .execute();
  return new Set(rows.map((r) => r.invitee_email));
}

/** The shared invitation select (db/read-model.ts) with the course's status, which only people's rules read. */
function selectInvitations(db: Db) {
  return selectInvitationsBase(db).select('c.status as course_status');
}
export type InvitationRow = Awaited<ReturnType<typeof findInvitationById>> & object;

/** Stores an invitation. */
export async function insertInvitation(
  db: Db,
  values: { courseId: number; email: string; joinAs: CourseRole; tokenHash: string; inviterId: number; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('course_invitations')
    .values({
      course_id: values.courseId,
      invitee_email: values.email,
      join_as: values.joinAs,
      token_hash: values.tokenHash,
      inviter_id: values.inviterId,
      state: 'PENDING',
      created_at: values.now,
      expires_at: values.expiresAt,
      responded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One invitation with its course, by id. */
export function findInvitationById(db: Db, id: number) {
  return selectInvitations(db).where('i.id', '=', id).executeTakeFirst();
}

/** One invitation with its course, by the hash of its token. */
export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return selectInvitations(db).where('i.token_hash', '=', tokenHash).executeTakeFirst();
}

/** Invitations by id, with their courses. */
export async function findInvitationsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return selectInvitations(db).where('i.id', 'in', ids).orderBy('i.id').execute();
}

/** A course's live pending invitations. */
export function listCourseInvitations(db: Db, courseId: number, now: number) {
  return selectInvitations(db)
    .where('i.course_id', '=', courseId)
    .where('i.state', '=', 'PENDING')
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .execute();
}

/**
 * Moves a pending invitation to its answer, once: the WHERE makes a second answer
 * (or a race with removal) change nothing. Returns whether this call answered it.
 */
export async function answerInvitation(db: Db, id: number, state: 'ACCEPTED' | 'DECLINED', now: number): Promise<boolean> {
  const result = await db
    .updateTable('course_invitations')
    .set({ state, responded_at: now })
    .where('id', '=', id)
    .where('state', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an invitation. */
export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('course_invitations').where('id', '=', id).execute();
}

/** A course by invitation code, for joining. */
export function findCourseByCode(db: Db, code: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'status', 'end_date', 'enrollment_end_date'])
    .where('invitation_code', '=', code)
    .executeTakeFirst();
}

/** The shared request select (db/read-model.ts) with what mail to the student needs. */
function selectRequests(db: Db) {
  return selectRequestsBase(db).select(['u.language', 'u.will_receive_notification_emails']);
}
export type RequestRow = Awaited<ReturnType<typeof listStudentRequests>>[number];

/** Stores a pending enrollment request; returns its id. */
export async function insertRequest(db: Db, courseId: number, studentId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('enrollment_requests')
    .values({ course_id: courseId, student_id: studentId, status: 'PENDING', created_at: now, decided_at: null, decided_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** True when a student has a pending request for a course. */
export async function hasPendingRequest(db: Db, courseId: number, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enrollment_requests')
    .select('id')
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row !== undefined;
}

/** A student's own requests, newest first, without cancelled ones. */
export function listStudentRequests(db: Db, studentId: number) {
  return selectRequests(db)
    .where('r.student_id', '=', studentId)
    .where('r.status', 'not in', ['CANCELLED', 'DISMISSED'])
    .orderBy('r.created_at', 'desc')
    .limit(100)
    .execute();
}

/**
 * Takes a declined request off its student's table: DISMISSED keeps the row (and who declined it)
 * but no list shows it.
 */
export async function dismissRejectedRequest(db: Db, id: number): Promise<void> {
  await db.updateTable('enrollment_requests').set({ status: 'DISMISSED' }).where('id', '=', id).where('status', '=', 'REJECTED').execute();
}

/** A course's pending requests, oldest first. */
export function listCourseRequests(db: Db, courseId: number) {
  return selectRequests(db).where('r.course_id', '=', courseId).where('r.status', '=', 'PENDING').orderBy('r.created_at').execute();
}

/** Requests by id. */
export async function findRequestsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return selectRequests(db).where('r.id', 'in', ids).execute();
}

/** One request by id. */
export function findRequest(db: Db, id: number) {
  return selectRequests(db).where('r.id', '=', id).executeTakeFirst();
}

/** Sets the outcome of pending requests; returns how many changed. */
export async function decideRequests(
  db: Db,
  ids: number[],
  status: 'ACCEPTED' | 'REJECTED' | 'CANCELLED',
  by: number,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('enrollment_requests')
    .set({ status, decided_at: now, decided_by: by })
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The courses, among some, that a user teaches as instructor. */
export async function coursesInstructedBy(db: Db, userId: number, courseIds: number[]): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('course_memberships')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'instructor')
    .where('course_id', 'in', courseIds)
    .execute();
  return new Set(rows.map((r) => r.course_id));
}

/** Users by e-mail (for the notification preference of invitees who have accounts). */
export async function usersByEmail(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  return db.selectFrom('users').select(['id', 'email', 'language', 'first_name']).where('email', 'in', emails).execute();
}
