import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

/** DELETE /api/submissions/{id} (instructors only). */
export function deleteSubmission(submissionId: number) {
  return api.delete<Record<string, never>>(`/api/submissions/${submissionId}`);
}

/**
 * Removing a submission refreshes every grade book and submission view (they share the
 * 'submissions' keys), except the removed one's own, which the page is about to leave.
 */
export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_result, submissionId) => {
      queryClient.removeQueries({ queryKey: submissionKeys.files(submissionId) });
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.all,
        predicate: (query) => !(query.queryKey[1] === 'one' && query.queryKey[3] === submissionId),
      });
    },
  });
}
