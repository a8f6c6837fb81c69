import type { Course } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** POST /api/courses/{id}/unarchive: moves the course back to the caller's active list. */
export function unarchiveCourse(courseId: number) {
  return api.post<Course>(`/api/courses/${courseId}/unarchive`);
}

export function useUnarchiveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
