import type { Course, CourseRole, ReorderCoursesRequest } from '@app/contract/courses';
import type { CurrentUser } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Where GET /api/users keeps each role's courses. */
export const COURSE_LIST_BY_ROLE = {
  instructor: 'course_instructors',
  ta: 'course_tas',
  student: 'course_students',
} as const satisfies Record<CourseRole, keyof CurrentUser>;

/** POST /api/courses/weight: the caller's full order of one role's courses, active and archived. */
export function reorderCourses(input: ReorderCoursesRequest) {
  return api.post<Record<string, never>>('/api/courses/weight', input);
}

/** The role's list in the new order: the active ids, then the archived ids (each list keeps its own order). */
export function applyCourseOrder(
  courses: readonly Course[],
  { active, archived }: Pick<ReorderCoursesRequest, 'active' | 'archived'>,
): Course[] {
  const byId = new Map(courses.map((course) => [course.id, course]));
  return [...active, ...archived].flatMap((id) => {
    const course = byId.get(id);
    return course ? [course] : [];
  });
}

const mutationKey = ['courses', 'reorder'] as const;

/**
 * Optimistic reorder (spec §4): the dashboard shows the new order at once; a failed call puts
 * the old order back (the error toast comes from the query client).
 */
export function useReorderCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: reorderCourses,
    // One order at a time: a second drag waits for the first call, so the server ends with the last order.
    scope: { id: 'course-order' },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
      const previous = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
      if (previous) {
        const list = COURSE_LIST_BY_ROLE[input.role];
        queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, { ...previous, [list]: applyCourseOrder(previous[list], input) });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.currentUser, context.previous);
    },
    onSettled: async () => {
      // Refetch only after the last pending reorder, so an older answer cannot overwrite a newer drag.
      if (queryClient.isMutating({ mutationKey }) === 1) await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
