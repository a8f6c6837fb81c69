import type { CourseInvitation } from '@app/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { coursePeopleKey } from './get-course-members.ts';

export const courseInvitationsKey = (courseId: number) => [...coursePeopleKey(courseId), 'invitations'] as const;

/** GET /api/courses/{id}/course-invitations: the invitations of a course still waiting for an answer. */
export function getCourseInvitations(courseId: number, signal?: AbortSignal) {
  return api.get<CourseInvitation[]>(`/api/courses/${courseId}/course-invitations`, { signal });
}

export function useCourseInvitations(courseId: number) {
  return useQuery(
    queryOptions({ queryKey: courseInvitationsKey(courseId), queryFn: ({ signal }) => getCourseInvitations(courseId, signal) }),
  );
}
