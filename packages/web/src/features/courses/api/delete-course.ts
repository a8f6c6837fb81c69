import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseRemoved } from './course-cache.ts';

/** DELETE /api/courses/{id}: a PLANNING course, or an archived one that has ended. */
export function deleteCourse(courseId: number) {
  return api.delete<Record<string, never>>(`/api/courses/${courseId}`);
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_data, courseId) => courseRemoved(queryClient, courseId),
  });
}
