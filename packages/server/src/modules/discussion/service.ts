import {
  DiscussionMessages,
  POSTS_PAGE_SIZE,
  type Post,
  type PostPage,
  THREADS_PAGE_SIZE,
  type Thread,
  type ThreadPage,
  type ThreadWithPosts,
  type UnreadCounts,
} from '@app/contract/discussion';
import type { CourseAccess } from '../../access/course-access.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { replyMail } from '../../mail/discussion-templates.ts';
import { queueMail } from '../../mail/mail-job.ts';
import type { CoursesService } from '../courses/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import * as policy from './policy.ts';
import { presentPost, presentThread, presentThreadSummary } from './present.ts';
import * as repo from './repository.ts';

/** Input after the contract's zod schemas (trimmed, checked). */
type ThreadInput = { title: string; body: string };
type ThreadChanges = { title?: string | undefined; body?: string | undefined; pinned?: boolean | undefined; locked?: boolean | undefined };

export type DiscussionService = ReturnType<typeof createDiscussionService>;

/** The course discussion board: threads, posts, moderation, unread counts and reply e-mails. */
export function createDiscussionService(deps: Deps, collaborators: { courses: CoursesService }) {
  const { db, clock, config } = deps;
  const { courses } = collaborators;

  /** The actor's access to a course; a non-member gets a 404 with `message`. */
  async function memberAccess(actor: Actor, courseId: number, message?: string): Promise<CourseAccess> {
    return (await courses.requireCourseAccess(actor, courseId, { need: 'member', ...(message ? { notFound: message } : {}) })).access;
  }

  /** A thread and the actor's access to its course; 404 unless they are a member. */
  async function loadThread(actor: Actor, threadId: number) {
    const thread = await repo.findThread(db, threadId, actor.user.id);
    if (!thread) throw AppError.notFound(DiscussionMessages.threadNotFound);
    const access = await memberAccess(actor, thread.course_id, DiscussionMessages.threadNotFound);
    return { thread, access };
  }

  /** A post and the actor's access to its course; 404 unless they are a member. */
  async function loadPost(actor: Actor, postId: number) {
    const post = await repo.findPost(db, postId);
    if (!post) throw AppError.notFound(DiscussionMessages.postNotFound);
    const access = await memberAccess(actor, post.course_id, DiscussionMessages.postNotFound);
    return { post, access };
  }

  /** Students of an ENDED course read only. */
  function assertWrites(access: CourseAccess) {
    if (!policy.canWrite(access)) throw AppError.forbidden(DiscussionMessages.endedReadOnly);
  }

  async function presentOne(actor: Actor, threadId: number, access: CourseAccess): Promise<Thread> {
    const row = await repo.findThread(db, threadId, actor.user.id);
    if (!row) throw AppError.notFound(DiscussionMessages.threadNotFound);
    return presentThread(row, access, actor.user.id);
  }

  async function postPage(actor: Actor, threadId: number, access: CourseAccess, cursor: string | undefined): Promise<PostPage> {
    const after = cursor ? decodeCursor(cursor, 2) : null;
    const rows = await repo.listPosts(db, threadId, after ? { createdAt: after[0] ?? 0, id: after[1] ?? 0 } : null, POSTS_PAGE_SIZE + 1);
    const page = rows.slice(0, POSTS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      posts: page.map((row) => presentPost(row, access, actor.user.id)),
      next_cursor: rows.length > POSTS_PAGE_SIZE && last ? encodeCursor([last.created_at, last.id]) : null,
    };
  }

  /** Queues (in `trx`) an e-mail to a thread's author about a reply by someone else, if they chose notification e-mails. */
  async function notifyAuthor(trx: Db, actor: Actor, threadId: number, reply: string) {
    const contact = await repo.findThreadAuthorContact(trx, threadId);
    if (!contact || contact.user_id === actor.user.id || contact.will_receive_notification_emails !== 1 || !contact.role) return;
    const base = contact.role === 'student' ? '/student/course' : '/course';
    const message = replyMail(contact.language, contact.email, {
      replier: `${actor.user.first_name} ${actor.user.last_name}`,
      thread: contact.title,
      course: contact.course_title,
      reply,
      link: `${config.publicUrl}${base}/${contact.course_id}/discussion/${contact.id}`,
    });
    await queueMail(deps, trx, message);
  }

  return {
    /** One page of a course's board: pinned first, then by last activity. */
    async listThreads(actor: Actor, courseId: number, cursor: string | undefined): Promise<ThreadPage> {
      const access = await memberAccess(actor, courseId);
      const after = cursor ? decodeCursor(cursor, 3) : null;
      const rows = await repo.listThreads(
        db,
        courseId,
        actor.user.id,
        after ? { pinned: after[0] ?? 0, lastActivityAt: after[1] ?? 0, id: after[2] ?? 0 } : null,
        THREADS_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, THREADS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        threads: page.map(presentThreadSummary),
        next_cursor: rows.length > THREADS_PAGE_SIZE && last ? encodeCursor([last.pinned, last.last_activity_at, last.id]) : null,
        can: { create: policy.canCreateThread(access), moderate: policy.canModerate(access) },
      };
    },

    /** Starts a thread; its author has read it. */
    async createThread(actor: Actor, courseId: number, input: ThreadInput): Promise<Thread> {
      const access = await memberAccess(actor, courseId);
      assertWrites(access);
      const now = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const threadId = await repo.insertThread(trx, { courseId, authorId: actor.user.id, title: input.title, body: input.body, now });
        await repo.markRead(trx, { userId: actor.user.id, threadId, seq: 0, now });
        return threadId;
      });
      return presentOne(actor, id, access);
    },

    /** A thread with the first page of its posts; opening it marks it read. */
    async getThread(actor: Actor, threadId: number): Promise<ThreadWithPosts> {
      const { thread, access } = await loadThread(actor, threadId);
      const posts = await postPage(actor, threadId, access, undefined);
      await repo.markRead(db, { userId: actor.user.id, threadId, seq: thread.activity_seq, now: clock.now() });
      return { thread: presentThread({ ...thread, unread: 0 }, access, actor.user.id), posts };
    },

    /** Later pages of a thread's posts. */
    async listPosts(actor: Actor, threadId: number, cursor: string | undefined): Promise<PostPage> {
      const { access } = await loadThread(actor, threadId);
      return postPage(actor, threadId, access, cursor);
    },

    /** Authors change title and body; instructors and TAs pin and lock. */
    async updateThread(actor: Actor, threadId: number, input: ThreadChanges): Promise<Thread> {
      const { thread, access } = await loadThread(actor, threadId);
      const editsText = input.title !== undefined || input.body !== undefined;
      const moderates = input.pinned !== undefined || input.locked !== undefined;
      if (!editsText && !moderates) throw new AppError('validation_failed', DiscussionMessages.nothingToChange, 400);
      if (moderates && !policy.canModerate(access)) throw AppError.forbidden(DiscussionMessages.onlyModerators);
      if (editsText && !policy.canEditThread(access, actor.user.id, thread)) {
        assertWrites(access);
        if (thread.author_id !== actor.user.id) throw AppError.forbidden(DiscussionMessages.editOwnThread);
        throw AppError.conflict(DiscussionMessages.threadLockedChanges);
      }
      const title = input.title ?? thread.title;
      const body = input.body ?? thread.body;
      const changedText = title !== thread.title || body !== thread.body;
      const changes = {
        ...(changedText ? { title, body, edited_at: clock.now() } : {}),
        ...(input.pinned === undefined ? {} : { pinned: input.pinned ? 1 : 0 }),
        ...(input.locked === undefined ? {} : { locked: input.locked ? 1 : 0 }),
      };
      // Saving the same title and body again is not an edit (and an empty UPDATE is not SQL).
      if (Object.keys(changes).length > 0) await repo.updateThread(db, threadId, changes);
      return presentOne(actor, threadId, access);
    },

    /** Moderators delete any thread; authors their own until someone answers. Posts go with it. */
    async deleteThread(actor: Actor, threadId: number): Promise<void> {
      const { thread, access } = await loadThread(actor, threadId);
      if (!policy.canDeleteThread(access, actor.user.id, thread)) {
        assertWrites(access);
        if (thread.author_id !== actor.user.id) throw AppError.forbidden(DiscussionMessages.deleteOwnThread);
        if (thread.locked === 1) throw AppError.conflict(DiscussionMessages.threadLockedChanges);
        throw AppError.conflict(DiscussionMessages.threadHasReplies);
      }
      await repo.deleteThread(db, threadId);
    },

    /** Answers a thread; the writer has read it, and its author may get an e-mail. */
    async createPost(actor: Actor, threadId: number, body: string): Promise<Post> {
      const { thread, access } = await loadThread(actor, threadId);
      assertWrites(access);
      if (!policy.canReply(access, thread)) throw AppError.conflict(DiscussionMessages.threadLocked);
      const now = clock.now();
      const postId = await db.transaction().execute(async (trx) => {
        const seq = await repo.recordPostActivity(trx, threadId, now);
        if (seq === undefined) throw AppError.conflict(DiscussionMessages.threadLocked);
        const id = await repo.insertPost(trx, { threadId, authorId: actor.user.id, body, now });
        await repo.markRead(trx, { userId: actor.user.id, threadId, seq, now });
        await notifyAuthor(trx, actor, threadId, body);
        return id;
      });
      const row = await repo.findPost(db, postId);
      if (!row) throw AppError.notFound(DiscussionMessages.postNotFound);
      return presentPost(row, access, actor.user.id);
    },

    /** Authors change their own post while the thread is open. */
    async updatePost(actor: Actor, postId: number, body: string): Promise<Post> {
      const { post, access } = await loadPost(actor, postId);
      if (!policy.canEditPost(access, actor.user.id, post, post.thread_locked)) {
        assertWrites(access);
        if (post.author_id !== actor.user.id) throw AppError.forbidden(DiscussionMessages.editOwnPost);
        if (post.deleted_at !== null) throw AppError.conflict(DiscussionMessages.postDeleted);
        throw AppError.conflict(DiscussionMessages.threadLockedChanges);
      }
      if (body !== post.body) await repo.updatePostBody(db, postId, body, clock.now());
      const row = await repo.findPost(db, postId);
      if (!row) throw AppError.notFound(DiscussionMessages.postNotFound);
      return presentPost(row, access, actor.user.id);
    },

    /** Authors delete their own posts, moderators any; the post stays as a placeholder. */
    async deletePost(actor: Actor, postId: number): Promise<Post> {
      const { post, access } = await loadPost(actor, postId);
      if (!policy.canDeletePost(access, actor.user.id, post, post.thread_locked)) {
        if (post.deleted_at !== null) throw AppError.conflict(DiscussionMessages.postDeleted);
        assertWrites(access);
        if (post.author_id !== actor.user.id) throw AppError.forbidden(DiscussionMessages.deleteOwnPost);
        throw AppError.conflict(DiscussionMessages.threadLockedChanges);
      }
      await repo.softDeletePost(db, postId, actor.user.id, clock.now());
      const row = await repo.findPost(db, postId);
      if (!row) throw AppError.notFound(DiscussionMessages.postNotFound);
      return presentPost(row, access, actor.user.id);
    },

    /** Threads of one course with activity the actor has not seen. */
    async unreadCount(actor: Actor, courseId: number): Promise<number> {
      await memberAccess(actor, courseId);
      return repo.countUnread(db, courseId, actor.user.id);
    },

    /** Unread threads in each of the actor's courses; membership is the query's own filter. */
    async unreadCounts(actor: Actor): Promise<UnreadCounts> {
      const rows = await repo.countUnreadByCourse(db, actor.user.id);
      return Object.fromEntries(rows.map((r) => [String(r.course_id), r.n]));
    },
  };
}
