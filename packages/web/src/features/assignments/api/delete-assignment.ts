import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/assignments/{id}: the set with its documents. */
export function deleteAssignment({ assignmentId }: { assignmentId: number; courseId: number }) {
  return api.delete<Record<string, never>>(`/api/assignments/${assignmentId}`);
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    // The set's own query is left to expire: evicting it while the editor is still mounted would
    // refetch it, answer 404 and send the user home instead of to the course.
    onSuccess: (_result, { courseId }) => queryClient.invalidateQueries({ queryKey: queryKeys.courseSets(courseId) }),
  });
}
