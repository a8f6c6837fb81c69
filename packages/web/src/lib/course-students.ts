import type { CoursePerson } from '@app/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/courses/{id}/students: the course's students (instructors and TAs only): grade-book rows, whom an extension is for. */
export function getCourseStudents(courseId: number, signal?: AbortSignal) {
  return api.get<CoursePerson[]>(`/api/courses/${courseId}/students`, { signal });
}

/** Query options, shared by the hook and the route loaders' prefetch. */
export const courseStudentsQuery = (courseId: number) =>
  queryOptions({ queryKey: queryKeys.courseStudents(courseId), queryFn: ({ signal }) => getCourseStudents(courseId, signal) });

export function useCourseStudents(courseId: number) {
  return useQuery(courseStudentsQuery(courseId));
}
