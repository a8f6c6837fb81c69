import type { AssignmentSet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { gradeBookKeys } from './keys.ts';

/** GET /api/courses/{id}/assignments: the sets in course order with their documents (the grade book's columns). */
export function getCourseSets(courseId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet[]>(`/api/courses/${courseId}/assignments`, { signal });
}

export function useCourseSets(courseId: number) {
  return useQuery({ queryKey: gradeBookKeys.sets(courseId), queryFn: ({ signal }) => getCourseSets(courseId, signal) });
}
