import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadKey, threadsKey, unreadCountKey } from './keys.ts';

/** DELETE /api/threads/{id}: moderators delete any thread; authors their own until someone answers. */
export function deleteThread(threadId: number) {
  return api.delete<Record<string, never>>(`/api/threads/${threadId}`);
}

export function useDeleteThread(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteThread(threadId),
    onSuccess: async () => {
      // The screen leaves the thread: mark it stale without asking for it again (that would be a 404 now).
      await queryClient.invalidateQueries({ queryKey: threadKey(courseId, threadId), refetchType: 'none' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: threadsKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: unreadCountKey(courseId) }),
      ]);
    },
  });
}
