import type { AssignmentSet } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { assignmentKeys } from './keys.ts';

/**
 * POST /api/courses/{id}/assignments: a new set, a draft its students do not see until it is
 * released (decision 054); the server picks the dates of DESIGN §7.10.
 */
export function createAssignment({ courseId, title }: { courseId: number; title: string }) {
  return api.post<AssignmentSet>(`/api/courses/${courseId}/assignments`, { title, draft: true });
}

export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: (set) => {
      queryClient.setQueryData(assignmentKeys.set(set.id), set);
      return queryClient.invalidateQueries({ queryKey: queryKeys.courseSets(set.course) });
    },
  });
}
