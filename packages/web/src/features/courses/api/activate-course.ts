import type { Course } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** POST /api/courses/{id}/activations: PLANNING → ACTIVE (locks school, term, fee paid by and the dates). */
export function activateCourse(courseId: number) {
  return api.post<Course>(`/api/courses/${courseId}/activations`);
}

export function useActivateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
