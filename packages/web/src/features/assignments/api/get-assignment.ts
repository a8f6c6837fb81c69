import type { AssignmentSet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** GET /api/assignments/{id}: one set with its documents; 404 'Assignment not found in selected course.'. */
export function getAssignment(assignmentId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet>(`/api/assignments/${assignmentId}`, { signal });
}

export function useAssignment(assignmentId: number) {
  return useQuery({
    queryKey: assignmentKeys.set(assignmentId),
    queryFn: ({ signal }) => getAssignment(assignmentId, signal),
    enabled: Number.isInteger(assignmentId) && assignmentId > 0,
    // The editor turns a 404 into the spec's redirect and message instead of a raw toast.
    meta: { handlesErrors: true },
  });
}
