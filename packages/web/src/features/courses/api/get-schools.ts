import type { School } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/schools: a reference list that rarely changes, cached for the page's lifetime. */
export function getSchools(signal?: AbortSignal) {
  return api.get<School[]>('/api/schools', { signal });
}

export const schoolsQuery = queryOptions({
  queryKey: ['reference', 'schools'],
  queryFn: ({ signal }) => getSchools(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSchools() {
  return useQuery(schoolsQuery);
}
