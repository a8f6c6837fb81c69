import type { CreatePostRequest, Post } from '@app/contract/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadKey, threadsKey } from './keys.ts';

/** POST /api/threads/{id}/posts: a reply (409 when the thread is locked). */
export function createPost(threadId: number, input: CreatePostRequest) {
  return api.post<Post>(`/api/threads/${threadId}/posts`, input);
}

export function useCreatePost(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostRequest) => createPost(threadId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: threadKey(courseId, threadId) }),
        queryClient.invalidateQueries({ queryKey: threadsKey(courseId) }),
      ]),
  });
}
