import type { Thread, UpdateThreadRequest } from '@app/contract/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { discussionKey } from './keys.ts';

/** PUT /api/threads/{id}: title and body by the author; pinned and locked by instructors and TAs. */
export function updateThread(threadId: number, input: UpdateThreadRequest) {
  return api.put<Thread>(`/api/threads/${threadId}`, input);
}

export function useUpdateThread(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateThreadRequest) => updateThread(threadId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKey(courseId) }),
  });
}
