import type { AssignmentSet, UpdateAssignmentRequest } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { assignmentKeys } from './keys.ts';

/** PUT /api/assignments/{id}: title, dates, show_after_due (the server checks the §5 date rules). */
export function updateAssignment({ assignmentId, changes }: { assignmentId: number; changes: UpdateAssignmentRequest }) {
  return api.put<AssignmentSet>(`/api/assignments/${assignmentId}`, changes);
}

export function useUpdateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssignment,
    onSuccess: (set) => {
      queryClient.setQueryData(assignmentKeys.set(set.id), set);
      return queryClient.invalidateQueries({ queryKey: queryKeys.courseSets(set.course) });
    },
  });
}
