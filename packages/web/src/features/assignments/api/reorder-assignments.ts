import type { AssignmentSet } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/courses/{id}/assignments/weight: every set id of the course in the new order. */
export function reorderAssignments({ courseId, ids }: { courseId: number; ids: number[] }) {
  return api.post<Record<string, never>>(`/api/courses/${courseId}/assignments/weight`, { assignments: ids });
}

/** The items in the order of `ids`, with weights 0..n-1; items missing from `ids` are dropped. */
export function inOrder<T extends { id: number; weight: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id, weight) => {
    const item = byId.get(id);
    return item ? [{ ...item, weight }] : [];
  });
}

/** Optimistic (spec §4): the list takes the new order at once, and goes back if the server refuses it. */
export function useReorderAssignments(courseId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.courseSets(courseId);
  return useMutation({
    mutationFn: (ids: number[]) => reorderAssignments({ courseId, ids }),
    // One order at a time, so the server ends with the last one.
    scope: { id: `assignment-order-${courseId}` },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AssignmentSet[]>(key);
      if (previous) queryClient.setQueryData<AssignmentSet[]>(key, inOrder(previous, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
