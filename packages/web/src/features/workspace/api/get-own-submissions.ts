import type { Submission } from '@app/contract/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SubmissionListOptions, submissionKeys, submissionListQuery } from '../../../lib/submission-keys.ts';

const BEST_OF_ALL: SubmissionListOptions = { best: true, includePractice: true };

/** GET /api/courses/{id}/submissions?best=true: for a student, their own best submission per document, practice included. */
export function getOwnBestSubmissions(courseId: number, signal?: AbortSignal) {
  return api.get<Submission[]>(`/api/courses/${courseId}/submissions?${submissionListQuery(BEST_OF_ALL)}`, { signal });
}

export function useOwnBestSubmissions(courseId: number) {
  return useQuery({
    queryKey: submissionKeys.course(courseId, BEST_OF_ALL),
    queryFn: ({ signal }) => getOwnBestSubmissions(courseId, signal),
  });
}
