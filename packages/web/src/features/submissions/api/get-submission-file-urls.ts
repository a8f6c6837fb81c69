import type { SubmissionFileUrls } from '@app/contract/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

/** Spec §9: polling every 2000 ms while a background job works. */
export const SUBMISSION_POLL_MS = 2000;

/** GET /api/submissions/{id}/file-urls: signed links to the report, the image and (not for students) the .har. */
export function getSubmissionFileUrls(submissionId: number, signal?: AbortSignal) {
  return api.get<SubmissionFileUrls>(`/api/submissions/${submissionId}/file-urls`, { signal });
}

/** Asks again every 2 s while the background job still draws the image and the report (spec §9). */
export function useSubmissionFileUrls(submissionId: number, enabled = true) {
  return useQuery({
    queryKey: submissionKeys.files(submissionId),
    queryFn: ({ signal }) => getSubmissionFileUrls(submissionId, signal),
    enabled,
    // Signed links expire after ten minutes; fetch fresh ones well before that.
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.render_status === 'PENDING' ? SUBMISSION_POLL_MS : false),
  });
}
