import type { Course } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** POST /api/courses/{id}/duplicate: a new PLANNING course with the same settings and no people. */
export function duplicateCourse(courseId: number) {
  return api.post<Course>(`/api/courses/${courseId}/duplicate`);
}

export function useDuplicateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
