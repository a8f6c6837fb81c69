import type { Course, DuplicateCourseRequest } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/**
 * POST /api/courses/{id}/duplicate: a new PLANNING course with the same settings, sets and
 * documents, no people, starting at `start_date` with every date moved alike.
 */
export function duplicateCourse({ courseId, ...input }: DuplicateCourseRequest & { courseId: number }) {
  return api.post<Course>(`/api/courses/${courseId}/duplicate`, input);
}

export function useDuplicateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
