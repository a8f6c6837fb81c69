import type { ThreadPage } from '@app/contract/discussion';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadsKey } from './keys.ts';

/** GET /api/courses/{id}/threads: one page of the board (pinned first, then by last activity). */
export function getThreads(courseId: number, cursor: string | undefined, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<ThreadPage>(`/api/courses/${courseId}/threads${query}`, { signal });
}

/** The board, page by page; 'Load more' asks for the next one. */
export function useThreads(courseId: number) {
  return useInfiniteQuery({
    queryKey: threadsKey(courseId),
    queryFn: ({ pageParam, signal }) => getThreads(courseId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
