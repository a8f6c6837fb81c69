import type { TeacherRequestStatus } from '@app/contract/teacher-requests';
import type { Db } from '../../db/database.ts';
import type { TeacherAccountRequestRow, UserRow } from '../../db/schema.ts';

export type TeacherRequestWithUser = TeacherAccountRequestRow & {
  email: string;
  first_name: string;
  last_name: string;
  language: UserRow['language'];
  user_type: UserRow['user_type'];
};

function selectWithUser(db: Db) {
  return db
    .selectFrom('teacher_account_requests')
    .innerJoin('users', 'users.id', 'teacher_account_requests.user_id')
    .selectAll('teacher_account_requests')
    .select(['users.email', 'users.first_name', 'users.last_name', 'users.language', 'users.user_type']);
}

/** Stores a new pending request and returns it; the partial unique index refuses a second pending one. */
export async function insertTeacherRequest(
  db: Db,
  values: { userId: number; schoolName: string; phone: string; webSite: string; now: number },
): Promise<TeacherAccountRequestRow> {
  return db
    .insertInto('teacher_account_requests')
    .values({
      user_id: values.userId,
      school_name: values.schoolName,
      phone: values.phone,
      web_site: values.webSite,
      status: 'PENDING',
      created_at: values.now,
      decided_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's pending request, if any. */
export async function findPendingRequestOfUser(db: Db, userId: number): Promise<TeacherAccountRequestRow | undefined> {
  return db
    .selectFrom('teacher_account_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
}

/** One request with its user. */
export async function findTeacherRequest(db: Db, id: number): Promise<TeacherRequestWithUser | undefined> {
  return selectWithUser(db).where('teacher_account_requests.id', '=', id).executeTakeFirst();
}

/** The pending request of the account with this e-mail, with its user. */
export async function findPendingTeacherRequestByEmail(db: Db, email: string): Promise<TeacherRequestWithUser | undefined> {
  return selectWithUser(db)
    .where('users.email', '=', email.toLowerCase())
    .where('teacher_account_requests.status', '=', 'PENDING')
    .executeTakeFirst();
}

/** Requests with their users, oldest first; only those of the given statuses. */
export async function listTeacherRequests(db: Db, statuses: readonly TeacherRequestStatus[]): Promise<TeacherRequestWithUser[]> {
  return selectWithUser(db)
    .where('teacher_account_requests.status', 'in', statuses)
    .orderBy('teacher_account_requests.created_at')
    .orderBy('teacher_account_requests.id')
    .execute();
}

/**
 * Moves a pending request to a decision in one statement, so two administrators deciding at
 * once cannot both succeed. Returns false when the request was no longer pending.
 */
export async function decideTeacherRequest(db: Db, id: number, status: 'APPROVED' | 'REJECTED', now: number): Promise<boolean> {
  const row = await db
    .updateTable('teacher_account_requests')
    .set({ status, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
