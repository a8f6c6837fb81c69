import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/course-enrollment-requests/{id}: the student withdraws their pending request, or dismisses a declined one. */
export function cancelEnrollmentRequest(requestId: number) {
  return api.delete<Record<string, never>>(`/api/course-enrollment-requests/${requestId}`);
}

export function useCancelEnrollmentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEnrollmentRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
