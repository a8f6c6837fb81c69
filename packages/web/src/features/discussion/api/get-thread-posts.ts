import type { PostPage } from '@app/contract/discussion';
import { api } from '../../../lib/api-client.ts';

/** GET /api/threads/{id}/posts?cursor=…: the posts after the first page, 50 at a time, oldest first. */
export function getThreadPosts(threadId: number, cursor: string, signal?: AbortSignal) {
  return api.get<PostPage>(`/api/threads/${threadId}/posts?cursor=${encodeURIComponent(cursor)}`, { signal });
}
