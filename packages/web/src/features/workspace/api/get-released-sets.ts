import type { AssignmentSet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './keys.ts';

/** GET /api/courses/{id}/assignments: for a student, the released sets in course order with their visible documents and own extension. */
export function getReleasedSets(courseId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet[]>(`/api/courses/${courseId}/assignments`, { signal });
}

export function useReleasedSets(courseId: number) {
  return useQuery({ queryKey: workspaceKeys.sets(courseId), queryFn: ({ signal }) => getReleasedSets(courseId, signal) });
}
