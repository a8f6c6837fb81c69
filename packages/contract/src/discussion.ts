import { z } from 'zod';
import { CourseRole } from './courses.ts';

/** Length limits of what people write (docs/decisions/007-discussion-board.md). */
export const THREAD_TITLE_MAX = 200;
export const DISCUSSION_BODY_MAX = 10_000;
/** Page sizes of the cursor-paginated lists. */
export const THREADS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 50;

export const DiscussionMessages = {
  threadNotFound: 'This thread does not exist or you are not a member of its course.',
  postNotFound: 'This post does not exist or you are not a member of its course.',
  endedReadOnly: 'This course has ended. Its discussion is read only.',
  threadLocked: 'This thread is locked. It takes no new posts.',
  threadLockedChanges: 'This thread is locked. Its posts can no longer be changed.',
  onlyModerators: 'Only instructors and teaching assistants can pin or lock threads.',
  editOwnThread: 'You can only edit your own threads.',
  editOwnPost: 'You can only edit your own posts.',
  deleteOwnThread: 'You can only delete your own threads.',
  deleteOwnPost: 'You can only delete your own posts.',
  threadHasReplies: 'This thread has replies. Only instructors and teaching assistants can delete it now.',
  postDeleted: 'This post was deleted.',
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${THREAD_TITLE_MAX} characters.`,
  bodyRequired: 'Message is required.',
  bodyTooLong: 'Message must be at most 10,000 characters.',
  badCursor: 'This page cursor is not valid. Load the list again from the start.',
  nothingToChange: 'Give a title, message, pinned or locked to change.',
} as const;

/** Titles are one line (line breaks become spaces): trimmed, non-empty, at most 200 characters. */
export const ThreadTitle = z
  .string()
  .transform((value) => value.replace(/[\r\n\t]+/g, ' ').trim())
  .pipe(z.string().min(1, DiscussionMessages.titleRequired).max(THREAD_TITLE_MAX, DiscussionMessages.titleTooLong));

/**
 * Bodies are plain text with line breaks, stored as written (outer whitespace trimmed, CRLF as LF)
 * and always shown as text: markup in them is never interpreted.
 */
export const DiscussionBody = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, DiscussionMessages.bodyRequired).max(DISCUSSION_BODY_MAX, DiscussionMessages.bodyTooLong));

export const CreateThreadRequest = z.object({ title: ThreadTitle, body: DiscussionBody });
export type CreateThreadRequest = z.input<typeof CreateThreadRequest>;

/** Authors change title and body; instructors and TAs pin and lock. */
export const UpdateThreadRequest = z.object({
  title: ThreadTitle.optional(),
  body: DiscussionBody.optional(),
  pinned: z.boolean().optional(),
  locked: z.boolean().optional(),
});
export type UpdateThreadRequest = z.input<typeof UpdateThreadRequest>;

export const CreatePostRequest = z.object({ body: DiscussionBody });
export type CreatePostRequest = z.input<typeof CreatePostRequest>;
export const UpdatePostRequest = CreatePostRequest;
export type UpdatePostRequest = z.input<typeof UpdatePostRequest>;

/** An opaque position in a list; absent for the first page. */
export const PageQuery = z.object({ cursor: z.string().max(200).optional() });

export const DiscussionAuthor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Their role in the course, or null when they have left it. */
  role: CourseRole.nullable(),
});
export type DiscussionAuthor = z.infer<typeof DiscussionAuthor>;

export const ThreadAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  reply: z.boolean(),
  /** Pin, unpin, lock, unlock. */
  moderate: z.boolean(),
});

export const ThreadSummary = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  author: DiscussionAuthor,
  pinned: z.boolean(),
  locked: z.boolean(),
  created_at: z.number().int(),
  edited_at: z.number().int().nullable(),
  last_activity_at: z.number().int(),
  reply_count: z.number().int(),
  /** New activity since the caller last opened it. */
  unread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const Thread = ThreadSummary.extend({ body: z.string(), can: ThreadAbilities });
export type Thread = z.infer<typeof Thread>;

export const ThreadPage = z.object({
  threads: z.array(ThreadSummary),
  next_cursor: z.string().nullable(),
  /** What the caller may do on this course's board. */
  can: z.object({ create: z.boolean(), moderate: z.boolean() }),
});
export type ThreadPage = z.infer<typeof ThreadPage>;

export const Post = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  author: DiscussionAuthor,
  /** Null once deleted: the post stays as a placeholder. */
  body: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.number().int(),
  edited_at: z.number().int().nullable(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Post = z.infer<typeof Post>;

export const PostPage = z.object({ posts: z.array(Post), next_cursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** GET /api/threads/{id}: the thread and the first page of its posts. */
export const ThreadWithPosts = z.object({ thread: Thread, posts: PostPage });
export type ThreadWithPosts = z.infer<typeof ThreadWithPosts>;

export const ThreadIdParams = z.object({ id: z.coerce.number().int().positive({ message: 'Thread id must be a positive integer.' }) });
export const PostIdParams = z.object({ id: z.coerce.number().int().positive({ message: 'Post id must be a positive integer.' }) });

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
/** Course id → unread threads, for every course of the caller. */
export const UnreadCounts = z.record(z.string(), z.number().int());
export type UnreadCounts = z.infer<typeof UnreadCounts>;
