import type { AssignmentSet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { gradeBookKeys } from './keys.ts';

/** GET /api/courses/{id}/assignments: the sets in course order with their documents (the grade book's columns). */
export function getCourseSets(courseId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet[]>(`/api/courses/${courseId}/assignments`, { signal });
}

/** Query options, shared by the hook and the route's prefetch. */
export const courseSetsQuery = (courseId: number) => ({
  queryKey: gradeBookKeys.sets(courseId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getCourseSets(courseId, signal),
});

export function useCourseSets(courseId: number) {
  return useQuery(courseSetsQuery(courseId));
}
