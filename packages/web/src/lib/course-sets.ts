import type { AssignmentSet } from '@app/contract/assignments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /api/courses/{id}/assignments: the course's sets in order, each with its documents. An
 * instructor or TA gets every set; a student the released sets with their visible documents and
 * own extension. The assignment editor, the grade books and the student's assignment list share it.
 */
export function getCourseSets(courseId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet[]>(`/api/courses/${courseId}/assignments`, { signal });
}

/** Query options, shared by the hook and the route loaders' prefetch. */
export const courseSetsQuery = (courseId: number) =>
  queryOptions({ queryKey: queryKeys.courseSets(courseId), queryFn: ({ signal }) => getCourseSets(courseId, signal) });

export function useCourseSets(courseId: number) {
  return useQuery(courseSetsQuery(courseId));
}
