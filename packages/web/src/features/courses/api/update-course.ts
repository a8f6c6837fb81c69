import type { Course, UpdateCourseRequest } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** PUT /api/courses/{id}: any subset of the settings; field errors carry the spec's messages. */
export function updateCourse({ courseId, changes }: { courseId: number; changes: UpdateCourseRequest }) {
  return api.put<Course>(`/api/courses/${courseId}`, changes);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
