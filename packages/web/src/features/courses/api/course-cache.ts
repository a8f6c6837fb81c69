import type { Course } from '@app/contract/courses';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { courseKey } from './get-course.ts';

/**
 * After a course call succeeds: the course page shows the server's answer at once, and the
 * dashboard lists (which come with GET /api/users) are fetched again.
 */
export async function courseChanged(queryClient: QueryClient, course: Course | undefined) {
  if (course) queryClient.setQueryData(courseKey(course.id), course);
  await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}

/** After a delete: the course is gone from every cache. */
export async function courseRemoved(queryClient: QueryClient, courseId: number) {
  queryClient.removeQueries({ queryKey: courseKey(courseId) });
  await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}
