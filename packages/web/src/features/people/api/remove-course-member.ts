import type { CourseRole } from '@app/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseMembersKey, MEMBERS_PATH } from './get-course-members.ts';

export interface RemoveCourseMemberInput {
  courseId: number;
  role: CourseRole;
  userId: number;
}

/** DELETE /api/courses/{id}/students|tas|instructors/{userId}: instructors only, never themselves. */
export function removeCourseMember({ courseId, role, userId }: RemoveCourseMemberInput) {
  return api.delete<Record<string, never>>(`/api/courses/${courseId}/${MEMBERS_PATH[role]}/${userId}`);
}

export function useRemoveCourseMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCourseMember,
    onSuccess: async (_data, { courseId, role }) => {
      await queryClient.invalidateQueries({ queryKey: courseMembersKey(courseId, role) });
      // The course's own answer lists its instructors (course information), so it is stale too.
      if (role === 'instructor') await queryClient.invalidateQueries({ queryKey: ['courses', courseId], exact: true });
    },
  });
}
