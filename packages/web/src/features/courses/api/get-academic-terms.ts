import type { AcademicTerm } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/academic-terms: a reference list that rarely changes, cached for the page's lifetime. */
export function getAcademicTerms(signal?: AbortSignal) {
  return api.get<AcademicTerm[]>('/api/academic-terms', { signal });
}

export const academicTermsQuery = queryOptions({
  queryKey: ['reference', 'academic-terms'],
  queryFn: ({ signal }) => getAcademicTerms(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAcademicTerms() {
  return useQuery(academicTermsQuery);
}
