import type { Submission } from '@app/contract/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

export interface SubmissionWithSiblings {
  submission: Submission;
  /** The same student's submissions of the same document, by number (for 'Submission #n'). */
  siblings: Submission[];
}

/** GET /api/courses/{id}/submissions/{submissionId}: one submission and its siblings. */
export function getSubmission(courseId: number, submissionId: number, signal?: AbortSignal) {
  return api.get<SubmissionWithSiblings>(`/api/courses/${courseId}/submissions/${submissionId}`, { signal });
}

export function useSubmission(courseId: number, submissionId: number) {
  return useQuery({
    queryKey: submissionKeys.one(courseId, submissionId),
    queryFn: ({ signal }) => getSubmission(courseId, submissionId, signal),
    enabled: Number.isInteger(submissionId) && submissionId > 0,
    // The page says what went wrong itself (not found, or not yours).
    meta: { handlesErrors: true },
  });
}
