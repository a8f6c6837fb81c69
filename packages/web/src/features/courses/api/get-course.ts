import type { Course } from '@app/contract/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const coursesKey = ['courses'] as const;
export const courseKey = (courseId: number) => [...coursesKey, courseId] as const;

/** GET /api/courses/{id}: the course as the caller sees it (their role, flags and `can`); 404 for a non-member. */
export function getCourse(courseId: number, signal?: AbortSignal) {
  return api.get<Course>(`/api/courses/${courseId}`, { signal });
}

export function courseQuery(courseId: number) {
  return queryOptions({
    queryKey: courseKey(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
    // The course layout turns a 404 into the spec's redirect and message instead of a raw toast.
    meta: { handlesErrors: true },
  });
}

export function useCourse(courseId: number) {
  return useQuery({ ...courseQuery(courseId), enabled: Number.isInteger(courseId) && courseId > 0 });
}
