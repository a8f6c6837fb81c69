import type { EnrollmentRequest } from '@app/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseEnrollmentRequestsKey } from './get-course-enrollment-requests.ts';
import { courseMembersKey } from './get-course-members.ts';

export type EnrollmentDecision = 'accept' | 'decline';

export interface DecideEnrollmentRequestsInput {
  courseId: number;
  ids: number[];
  decision: EnrollmentDecision;
}

const PATH: Record<EnrollmentDecision, string> = {
  accept: '/api/course-enrollment-admissions',
  decline: '/api/course-enrollment-rejections',
};

/**
 * POST /api/course-enrollment-admissions or -rejections: one or many requests in one transaction;
 * if any id is not a pending request of the course, nothing of the list is applied.
 */
export function decideEnrollmentRequests({ ids, decision }: DecideEnrollmentRequestsInput) {
  return api.post<EnrollmentRequest[]>(PATH[decision], { course_enrollment_request_ids: ids });
}

export function useDecideEnrollmentRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideEnrollmentRequests,
    onSettled: async (_data, _error, { courseId, decision }) => {
      await queryClient.invalidateQueries({ queryKey: courseEnrollmentRequestsKey(courseId) });
      if (decision === 'accept') await queryClient.invalidateQueries({ queryKey: courseMembersKey(courseId, 'student') });
    },
  });
}
