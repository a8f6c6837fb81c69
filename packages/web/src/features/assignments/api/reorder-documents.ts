import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { assignmentKeys } from './keys.ts';
import { inOrder } from './reorder-assignments.ts';

/** POST /api/assignments/{id}/documents/weight: every document id of the set in the new order. */
export function reorderDocuments({ assignmentId, ids }: { assignmentId: number; ids: number[] }) {
  return api.post<CourseDocument[]>(`/api/assignments/${assignmentId}/documents/weight`, { documents: ids });
}

/** Optimistic (spec §4): the documents take the new order at once, and go back if the server refuses it. */
export function useReorderDocuments(assignmentId: number) {
  const queryClient = useQueryClient();
  const key = assignmentKeys.set(assignmentId);
  return useMutation({
    mutationFn: (ids: number[]) => reorderDocuments({ assignmentId, ids }),
    scope: { id: `document-order-${assignmentId}` },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AssignmentSet>(key);
      if (previous) queryClient.setQueryData<AssignmentSet>(key, { ...previous, documents: inOrder(previous.documents, ids) });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: queryKeys.allCourseSets })]),
  });
}
