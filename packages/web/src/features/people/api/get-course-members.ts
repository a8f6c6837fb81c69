import type { CourseRole } from '@app/contract/courses';
import type { CoursePerson } from '@app/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The path segment of each role in the personnel calls (spec §7: /students, /tas, /instructors). */
export const MEMBERS_PATH = { student: 'students', ta: 'tas', instructor: 'instructors' } as const satisfies Record<CourseRole, string>;

/** Everything the people page loads for one course starts with this key, so one call can refresh it all. */
export const coursePeopleKey = (courseId: number) => ['people', courseId] as const;
export const courseMembersKey = (courseId: number, role: CourseRole) => [...coursePeopleKey(courseId), 'members', role] as const;

/** GET /api/courses/{id}/students|tas|instructors: the people of a course in one role (instructors and TAs only). */
export function getCourseMembers(courseId: number, role: CourseRole, signal?: AbortSignal) {
  return api.get<CoursePerson[]>(`/api/courses/${courseId}/${MEMBERS_PATH[role]}`, { signal });
}

export function courseMembersQuery(courseId: number, role: CourseRole) {
  return queryOptions({ queryKey: courseMembersKey(courseId, role), queryFn: ({ signal }) => getCourseMembers(courseId, role, signal) });
}

export function useCourseMembers(courseId: number, role: CourseRole) {
  return useQuery(courseMembersQuery(courseId, role));
}
