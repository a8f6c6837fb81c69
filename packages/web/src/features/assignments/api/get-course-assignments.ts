import type { AssignmentSet } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** GET /api/courses/{id}/assignments: the course's sets in order, each with its documents. */
export function getCourseAssignments(courseId: number, signal?: AbortSignal) {
  return api.get<AssignmentSet[]>(`/api/courses/${courseId}/assignments`, { signal });
}

export function useCourseAssignments(courseId: number) {
  return useQuery({ queryKey: assignmentKeys.course(courseId), queryFn: ({ signal }) => getCourseAssignments(courseId, signal) });
}
