import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** DELETE /api/assignments/{id}: the set with its documents. */
export function deleteAssignment({ assignmentId }: { assignmentId: number; courseId: number }) {
  return api.delete<Record<string, never>>(`/api/assignments/${assignmentId}`);
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: (_result, { assignmentId, courseId }) => {
      queryClient.removeQueries({ queryKey: assignmentKeys.set(assignmentId) });
      return queryClient.invalidateQueries({ queryKey: assignmentKeys.course(courseId) });
    },
  });
}
