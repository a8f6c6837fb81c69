import type { CourseProduct } from '@app/contract/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/course-products: what a paid course can charge (instructors only); rarely changes. */
export function getCourseProducts(signal?: AbortSignal) {
  return api.get<CourseProduct[]>('/api/course-products', { signal });
}

export const courseProductsQuery = queryOptions({
  queryKey: ['course-products'],
  queryFn: ({ signal }) => getCourseProducts(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCourseProducts(enabled = true) {
  return useQuery({ ...courseProductsQuery, enabled });
}
