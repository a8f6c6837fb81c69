import type { Post, Thread, ThreadWithPosts } from '@app/contract/discussion';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getThreadPosts } from './get-thread-posts.ts';
import { threadKey, threadsKey, unreadCountKey } from './keys.ts';

/** GET /api/threads/{id}: the thread and its first posts; opening it marks it read. */
export function getThread(threadId: number, signal?: AbortSignal) {
  return api.get<ThreadWithPosts>(`/api/threads/${threadId}`, { signal });
}

/** One page of the thread screen: the first carries the thread itself. */
export interface ThreadScreenPage {
  thread: Thread | null;
  posts: Post[];
  next_cursor: string | null;
}

/**
 * The thread with its posts, page by page. Reading it marks it read on the server, so the
 * course's unread count and the board's unread marks are refreshed once it has loaded.
 */
export function useThread(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: threadKey(courseId, threadId),
    queryFn: async ({ pageParam, signal }): Promise<ThreadScreenPage> => {
      if (pageParam) {
        const page = await getThreadPosts(threadId, pageParam, signal);
        return { thread: null, posts: page.posts, next_cursor: page.next_cursor };
      }
      const { thread, posts } = await getThread(threadId, signal);
      void queryClient.invalidateQueries({ queryKey: unreadCountKey(courseId) });
      void queryClient.invalidateQueries({ queryKey: threadsKey(courseId) });
      return { thread, posts: posts.posts, next_cursor: posts.next_cursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Number.isInteger(threadId) && threadId > 0,
    // The screen shows 'not found' itself instead of a toast.
    meta: { handlesErrors: true },
  });
}
