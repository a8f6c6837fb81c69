import type { Timezone } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/timezones: a reference list that rarely changes, cached for the page's lifetime. */
export function getTimezones(signal?: AbortSignal) {
  return api.get<Timezone[]>('/api/timezones', { signal });
}

export const timezonesQuery = queryOptions({
  queryKey: ['reference', 'timezones'],
  queryFn: ({ signal }) => getTimezones(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useTimezones() {
  return useQuery(timezonesQuery);
}
