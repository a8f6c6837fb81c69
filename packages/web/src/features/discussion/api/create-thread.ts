import type { CreateThreadRequest, Thread } from '@app/contract/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadsKey } from './keys.ts';

/** POST /api/courses/{id}/threads: starts a thread (members; students of an ENDED course read only). */
export function createThread(courseId: number, input: CreateThreadRequest) {
  return api.post<Thread>(`/api/courses/${courseId}/threads`, input);
}

export function useCreateThread(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateThreadRequest) => createThread(courseId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadsKey(courseId) }),
  });
}
