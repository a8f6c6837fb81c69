import type { DueDateExtension } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** DELETE /api/assignments/{id}/due-day-extensions/{studentId}. */
export function removeDueDateExtension({ assignmentId, studentId }: { assignmentId: number; studentId: number }) {
  return api.delete<Record<string, never>>(`/api/assignments/${assignmentId}/due-day-extensions/${studentId}`);
}

export function useRemoveDueDateExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDueDateExtension,
    onSuccess: (_result, { assignmentId, studentId }) =>
      queryClient.setQueryData<DueDateExtension[]>(assignmentKeys.extensions(assignmentId), (list) =>
        list?.filter((e) => e.student !== studentId),
      ),
  });
}
