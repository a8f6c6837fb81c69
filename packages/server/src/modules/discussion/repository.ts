import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** A position in the board's order: pinned first, then the latest activity, then the newest id. */
export type ThreadPosition = { pinned: number; lastActivityAt: number; id: number };
/** A position in a thread's posts: oldest first. */
export type PostPosition = { createdAt: number; id: number };

type ThreadEb = ExpressionBuilder<Database & { t: Database['threads']; r: Database['thread_reads'] }, 't' | 'r'>;

/** True when the thread has posts the reader has not seen (or they never opened it). */
const unreadExpression = (eb: ThreadEb) => eb.or([eb('r.user_id', 'is', null), eb('t.activity_seq', '>', eb.ref('r.read_seq'))]);

/** Threads with their author, the author's role in the course and the reader's unread flag. */
function selectThreads(db: Db, readerId: number) {
  return db
    .selectFrom('threads as t')
    .innerJoin('users as u', 'u.id', 't.author_id')
    .leftJoin('course_memberships as am', (join) => join.onRef('am.course_id', '=', 't.course_id').onRef('am.user_id', '=', 't.author_id'))
    .leftJoin('thread_reads as r', (join) => join.onRef('r.thread_id', '=', 't.id').on('r.user_id', '=', readerId))
    .select([
      't.id',
      't.course_id',
      't.author_id',
      't.title',
      't.body',
      't.pinned',
      't.locked',
      't.reply_count',
      't.activity_seq',
      't.created_at',
      't.edited_at',
      't.last_activity_at',
      'u.first_name as author_first_name',
      'u.last_name as author_last_name',
      'am.role as author_role',
    ])
    .select((eb) => eb.case().when(unreadExpression(eb)).then(1).else(0).end().as('unread'));
}

export type ThreadListRow = Awaited<ReturnType<typeof listThreads>>[number];

/** One page of a course's board in its order, starting after a position; one query, authors and unread flags joined. */
export function listThreads(db: Db, courseId: number, readerId: number, after: ThreadPosition | null, limit: number) {
  let query = selectThreads(db, readerId).where('t.course_id', '=', courseId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('t.pinned', '<', after.pinned),
        eb.and([eb('t.pinned', '=', after.pinned), eb('t.last_activity_at', '<', after.lastActivityAt)]),
        eb.and([eb('t.pinned', '=', after.pinned), eb('t.last_activity_at', '=', after.lastActivityAt), eb('t.id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('t.pinned', 'desc').orderBy('t.last_activity_at', 'desc').orderBy('t.id', 'desc').limit(limit).execute();
}

/** One thread as a reader sees it, or undefined. */
export function findThread(db: Db, threadId: number, readerId: number) {
  return selectThreads(db, readerId).where('t.id', '=', threadId).executeTakeFirst();
}

/** Inserts a thread and returns its id. */
export async function insertThread(db: Db, values: { courseId: number; authorId: number; title: string; body: string; now: number }) {
  const row = await db
    .insertInto('threads')
    .values({
      course_id: values.courseId,
      author_id: values.authorId,
      title: values.title,
      body: values.body,
      created_at: values.now,
      last_activity_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes some of a thread's columns. */
export async function updateThread(
  db: Db,
  threadId: number,
  values: { title?: string; body?: string; edited_at?: number; pinned?: number; locked?: number },
): Promise<void> {
  await db.updateTable('threads').set(values).where('id', '=', threadId).execute();
}

/** Deletes a thread with its posts and read marks (cascade). */
export async function deleteThread(db: Db, threadId: number): Promise<void> {
  await db.deleteFrom('threads').where('id', '=', threadId).execute();
}

/**
 * Counts a new post on its thread and moves the thread's last activity; returns the thread's new
 * activity_seq, or undefined when the thread is gone or was locked meanwhile (the check and the
 * write are one statement, so a lock that races a post wins).
 */
export async function recordPostActivity(db: Db, threadId: number, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('threads')
    .set((eb) => ({
      reply_count: eb('reply_count', '+', 1),
      activity_seq: eb('activity_seq', '+', 1),
      last_activity_at: now,
    }))
    .where('id', '=', threadId)
    .where('locked', '=', 0)
    .returning('activity_seq')
    .executeTakeFirst();
  return row?.activity_seq;
}

/** Inserts a post and returns its id. */
export async function insertPost(db: Db, values: { threadId: number; authorId: number; body: string; now: number }) {
  const row = await db
    .insertInto('posts')
    .values({ thread_id: values.threadId, author_id: values.authorId, body: values.body, created_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records that a person has seen a thread up to an activity_seq; a mark never moves back. */
export async function markRead(db: Db, values: { userId: number; threadId: number; seq: number; now: number }): Promise<void> {
  await db
    .insertInto('thread_reads')
    .values({ user_id: values.userId, thread_id: values.threadId, read_seq: values.seq, last_read_at: values.now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'thread_id']).doUpdateSet({
        last_read_at: values.now,
        read_seq: sql<number>`case when excluded.read_seq > thread_reads.read_seq then excluded.read_seq else thread_reads.read_seq end`,
      }),
    )
    .execute();
}

function selectPosts(db: Db) {
  return db
    .selectFrom('posts as p')
    .innerJoin('threads as t', 't.id', 'p.thread_id')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .leftJoin('course_memberships as am', (join) => join.onRef('am.course_id', '=', 't.course_id').onRef('am.user_id', '=', 'p.author_id'))
    .select([
      'p.id',
      'p.thread_id',
      'p.author_id',
      'p.body',
      'p.created_at',
      'p.edited_at',
      'p.deleted_at',
      't.course_id',
      't.locked as thread_locked',
      'u.first_name as author_first_name',
      'u.last_name as author_last_name',
      'am.role as author_role',
    ]);
}

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** One page of a thread's posts, oldest first, after a position; authors joined. */
export function listPosts(db: Db, threadId: number, after: PostPosition | null, limit: number) {
  let query = selectPosts(db).where('p.thread_id', '=', threadId);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('p.created_at', '>', after.createdAt), eb.and([eb('p.created_at', '=', after.createdAt), eb('p.id', '>', after.id)])]),
    );
  }
  return query.orderBy('p.created_at').orderBy('p.id').limit(limit).execute();
}

/** One post with its thread's course and lock, or undefined. */
export function findPost(db: Db, postId: number) {
  return selectPosts(db).where('p.id', '=', postId).executeTakeFirst();
}

/** Changes a post's text. */
export async function updatePostBody(db: Db, postId: number, body: string, now: number): Promise<void> {
  await db.updateTable('posts').set({ body, edited_at: now }).where('id', '=', postId).execute();
}

/** Empties a post and marks it deleted; it stays in the thread as a placeholder. */
export async function softDeletePost(db: Db, postId: number, deletedBy: number, now: number): Promise<void> {
  await db.updateTable('posts').set({ body: '', deleted_at: now, deleted_by: deletedBy }).where('id', '=', postId).execute();
}

/** How many threads of one course have activity the reader has not seen; one query. */
export async function countUnread(db: Db, courseId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('threads as t')
    .leftJoin('thread_reads as r', (join) => join.onRef('r.thread_id', '=', 't.id').on('r.user_id', '=', readerId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.course_id', '=', courseId)
    .where(unreadExpression)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Unread threads in every course of a person (0 included), in one query. */
export async function countUnreadByCourse(db: Db, readerId: number): Promise<{ course_id: number; n: number }[]> {
  const rows = await db
    .selectFrom('course_memberships as m')
    .leftJoin('threads as t', 't.course_id', 'm.course_id')
    .leftJoin('thread_reads as r', (join) => join.onRef('r.thread_id', '=', 't.id').on('r.user_id', '=', readerId))
    .select('m.course_id')
    .select((eb) =>
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([eb('t.id', 'is not', null), eb.or([eb('r.user_id', 'is', null), eb('t.activity_seq', '>', eb.ref('r.read_seq'))])]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('n'),
    )
    .where('m.user_id', '=', readerId)
    .groupBy('m.course_id')
    .execute();
  // PostgreSQL sums to numeric, which pg returns as a string.
  return rows.map((r) => ({ course_id: r.course_id, n: Number(r.n ?? 0) }));
}

/** Who gets the reply e-mail of a thread: its author, with their language, choice and role. */
export function findThreadAuthorContact(db: Db, threadId: number) {
  return db
    .selectFrom('threads as t')
    .innerJoin('users as u', 'u.id', 't.author_id')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .leftJoin('course_memberships as am', (join) => join.onRef('am.course_id', '=', 't.course_id').onRef('am.user_id', '=', 't.author_id'))
    .select([
      't.id',
      't.title',
      't.course_id',
      'c.title as course_title',
      'u.id as user_id',
      'u.email',
      'u.language',
      'u.will_receive_notification_emails',
      'am.role',
    ])
    .where('t.id', '=', threadId)
    .executeTakeFirst();
}
