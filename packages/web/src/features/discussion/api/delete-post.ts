import type { Post } from '@app/contract/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadKey } from './keys.ts';

/** DELETE /api/posts/{id}: authors delete their own, moderators any; the post stays as a placeholder. */
export function deletePost(postId: number) {
  return api.delete<Post>(`/api/posts/${postId}`);
}

export function useDeletePost(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => deletePost(postId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(courseId, threadId) }),
  });
}
