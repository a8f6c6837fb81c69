import type { CoursePerson } from '@app/contract/people';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** GET /api/courses/{id}/students: whom an extension can be given to (instructors and TAs only). */
export function getCourseStudents(courseId: number, signal?: AbortSignal) {
  return api.get<CoursePerson[]>(`/api/courses/${courseId}/students`, { signal });
}

export function useCourseStudents(courseId: number) {
  return useQuery({ queryKey: assignmentKeys.students(courseId), queryFn: ({ signal }) => getCourseStudents(courseId, signal) });
}
