import type { EnrollmentRequest } from '@app/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/course-enrollment-requests: an invitation code becomes a PENDING request for its course. */
export function createEnrollmentRequest(invitationCode: string) {
  return api.post<EnrollmentRequest>('/api/course-enrollment-requests', { invitation_code: invitationCode });
}

/** The join form words its failures itself (spec §8), so the default toast is off. */
export function useCreateEnrollmentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnrollmentRequest,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
