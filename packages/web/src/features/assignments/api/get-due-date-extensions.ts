import type { DueDateExtension } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** GET /api/assignments/{id}/due-day-extensions: every student's extension of the set. */
export function getDueDateExtensions(assignmentId: number, signal?: AbortSignal) {
  return api.get<DueDateExtension[]>(`/api/assignments/${assignmentId}/due-day-extensions`, { signal });
}

export function useDueDateExtensions(assignmentId: number) {
  return useQuery({
    queryKey: assignmentKeys.extensions(assignmentId),
    queryFn: ({ signal }) => getDueDateExtensions(assignmentId, signal),
  });
}
