import { CourseRole } from '@app/contract/courses';
import type { DiscussionAuthor, Post, Thread, ThreadSummary } from '@app/contract/discussion';
import type { CourseAccess } from '../../access/course-access.ts';
import * as policy from './policy.ts';
import type { PostRow, ThreadListRow } from './repository.ts';

function presentAuthor(row: { author_id: number; author_first_name: string; author_last_name: string; author_role: string | null }) {
  const role = CourseRole.safeParse(row.author_role);
  return {
    id: row.author_id,
    first_name: row.author_first_name,
    last_name: row.author_last_name,
    role: role.success ? role.data : null,
  } satisfies DiscussionAuthor;
}

/** A row of the board. */
export function presentThreadSummary(row: ThreadListRow): ThreadSummary {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    author: presentAuthor(row),
    pinned: row.pinned === 1,
    locked: row.locked === 1,
    created_at: row.created_at,
    edited_at: row.edited_at,
    last_activity_at: row.last_activity_at,
    reply_count: row.reply_count,
    unread: Number(row.unread) === 1,
  };
}

/** A thread with its body and what the reader may do with it. */
export function presentThread(row: ThreadListRow, access: CourseAccess, userId: number): Thread {
  return {
    ...presentThreadSummary(row),
    body: row.body,
    can: {
      edit: policy.canEditThread(access, userId, row),
      delete: policy.canDeleteThread(access, userId, row),
      reply: policy.canReply(access, row),
      moderate: policy.canModerate(access),
    },
  };
}

/** A post; a deleted one keeps its place and author but not its text. */
export function presentPost(row: PostRow, access: CourseAccess, userId: number): Post {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    thread_id: row.thread_id,
    author: presentAuthor(row),
    body: deleted ? null : row.body,
    deleted,
    created_at: row.created_at,
    edited_at: row.edited_at,
    can: {
      edit: policy.canEditPost(access, userId, row, row.thread_locked),
      delete: policy.canDeletePost(access, userId, row, row.thread_locked),
    },
  };
}
