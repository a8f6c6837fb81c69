import type { Course, CreateCourseRequest } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseChanged } from './course-cache.ts';

/** POST /api/courses: a new PLANNING course with the server's defaults for what is left out. */
export function createCourse(input: CreateCourseRequest) {
  return api.post<Course>('/api/courses', input);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => courseChanged(queryClient, course),
  });
}
