import type { Post, UpdatePostRequest } from '@app/contract/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadKey } from './keys.ts';

/** PUT /api/posts/{id}: authors change their own post while the thread is open. */
export function updatePost(postId: number, input: UpdatePostRequest) {
  return api.put<Post>(`/api/posts/${postId}`, input);
}

export function useUpdatePost(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: string }) => updatePost(postId, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(courseId, threadId) }),
  });
}
