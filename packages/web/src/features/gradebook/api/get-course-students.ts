import type { CoursePerson } from '@app/contract/people';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { gradeBookKeys } from './keys.ts';

/** GET /api/courses/{id}/students: the grade book's rows (instructors and TAs only). */
export function getCourseStudents(courseId: number, signal?: AbortSignal) {
  return api.get<CoursePerson[]>(`/api/courses/${courseId}/students`, { signal });
}

/** Query options, shared by the hook and the route's prefetch. */
export const courseStudentsQuery = (courseId: number) => ({
  queryKey: gradeBookKeys.students(courseId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getCourseStudents(courseId, signal),
});

export function useCourseStudents(courseId: number) {
  return useQuery(courseStudentsQuery(courseId));
}
