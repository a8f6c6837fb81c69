import type { Submission } from '@app/contract/submissions';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SubmissionListOptions, submissionKeys, submissionListQuery } from '../../../lib/submission-keys.ts';

/** GET /api/assignments/{id}/submissions: the submissions of one set, most points first. */
export function getAssignmentSubmissions(setId: number, options: SubmissionListOptions, signal?: AbortSignal) {
  return api.get<Submission[]>(`/api/assignments/${setId}/submissions?${submissionListQuery(options)}`, { signal });
}

type SetSubmissions = { setId: number; submissions: Submission[] };

/** At module level so TanStack Query keeps the combined value until a result changes. */
function combine(results: UseQueryResult<SetSubmissions>[]) {
  const bySet = new Map<number, Submission[]>();
  for (const result of results) if (result.data) bySet.set(result.data.setId, result.data.submissions);
  return { bySet, pending: results.some((result) => result.isPending) };
}

/**
 * The complete lists of the sets shown with 'All submissions', one call per set, by set id;
 * `pending` while any is still on its way.
 */
export function useAssignmentSubmissions(setIds: readonly number[], options: SubmissionListOptions) {
  return useQueries({
    queries: setIds.map((setId) => ({
      queryKey: submissionKeys.set(setId, options),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SetSubmissions> => ({
        setId,
        submissions: await getAssignmentSubmissions(setId, options, signal),
      }),
    })),
    combine,
  });
}
