import { type CourseAccess, meetsNeed } from '../../access/course-access.ts';

type ThreadState = { author_id: number; locked: number; reply_count: number };
type PostState = { author_id: number; deleted_at: number | null };

/** Instructors and TAs moderate: pin, lock, delete anything. */
export const canModerate = (a: CourseAccess) => meetsNeed(a.role, 'teach');

/** Every member writes, except students once the course has ENDED (their board is read only). */
export const canWrite = (a: CourseAccess) => !(meetsNeed(a.role, 'study') && a.status === 'ENDED');

export const canCreateThread = (a: CourseAccess) => canWrite(a);

/** A locked thread takes no posts from anyone; moderators unlock it first. */
export const canReply = (a: CourseAccess, thread: ThreadState) => canWrite(a) && thread.locked === 0;

/** The author edits their thread; a lock freezes it except for moderators. */
export const canEditThread = (a: CourseAccess, userId: number, thread: ThreadState) =>
  canWrite(a) && thread.author_id === userId && (thread.locked === 0 || canModerate(a));

/**
 * Moderators delete any thread. Authors delete their own only while nobody has answered, so a
 * thread never takes other people's replies with it.
 */
export const canDeleteThread = (a: CourseAccess, userId: number, thread: ThreadState) =>
  canModerate(a) || (canWrite(a) && thread.author_id === userId && thread.locked === 0 && thread.reply_count === 0);

/** Authors edit their own posts while the thread is open (moderators also when it is locked). */
export const canEditPost = (a: CourseAccess, userId: number, post: PostState, threadLocked: number) =>
  canWrite(a) && post.author_id === userId && post.deleted_at === null && (threadLocked === 0 || canModerate(a));

/** Authors delete their own posts while the thread is open; moderators delete any. */
export const canDeletePost = (a: CourseAccess, userId: number, post: PostState, threadLocked: number) =>
  post.deleted_at === null && (canModerate(a) || (canWrite(a) && post.author_id === userId && threadLocked === 0));
