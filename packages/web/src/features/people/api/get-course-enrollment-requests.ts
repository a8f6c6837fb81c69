import type { EnrollmentRequest } from '@app/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { coursePeopleKey } from './get-course-members.ts';

export const courseEnrollmentRequestsKey = (courseId: number) => [...coursePeopleKey(courseId), 'enrollment-requests'] as const;

/** GET /api/courses/{id}/course-enrollment-requests: the pending requests of a course, oldest first. */
export function getCourseEnrollmentRequests(courseId: number, signal?: AbortSignal) {
  return api.get<EnrollmentRequest[]>(`/api/courses/${courseId}/course-enrollment-requests`, { signal });
}

export function useCourseEnrollmentRequests(courseId: number) {
  return useQuery(
    queryOptions({
      queryKey: courseEnrollmentRequestsKey(courseId),
      queryFn: ({ signal }) => getCourseEnrollmentRequests(courseId, signal),
    }),
  );
}
