import type { Course } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** POST /api/courses/{id}/archive: moves the course to the caller's own archived list. */
export function archiveCourse(courseId: number) {
  return api.post<Course>(`/api/courses/${courseId}/archive`);
}

export function useArchiveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
