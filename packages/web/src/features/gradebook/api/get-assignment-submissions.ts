import type { Submission } from '@app/contract/submissions';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SubmissionListOptions, submissionKeys, submissionListQuery } from '../../../lib/submission-keys.ts';

/** GET /api/assignments/{id}/submissions: the submissions of one set, most points first. */
export function getAssignmentSubmissions(setId: number, options: SubmissionListOptions, signal?: AbortSignal) {
  return api.get<Submission[]>(`/api/assignments/${setId}/submissions?${submissionListQuery(options)}`, { signal });
}

/**
 * Every submission of the sets shown with 'All submissions', one call per set. Resolves to the
 * lists by set id once all have arrived; `pending` while any is still on its way.
 */
export function useAssignmentSubmissions(setIds: readonly number[], options: SubmissionListOptions) {
  return useQueries({
    queries: setIds.map((setId) => ({
      queryKey: submissionKeys.set(setId, options),
      queryFn: ({ signal }: { signal: AbortSignal }) => getAssignmentSubmissions(setId, options, signal),
    })),
    combine: (results) => {
      const bySet = new Map<number, Submission[]>();
      results.forEach((result, index) => {
        const setId = setIds[index];
        if (result.data && setId !== undefined) bySet.set(setId, result.data);
      });
      return { bySet, pending: results.some((result) => result.isPending) };
    },
  });
}
