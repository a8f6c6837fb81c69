import type { DueSoon } from '@app/contract/due-soon';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dueSoonKeys = { all: ['due-soon'] as const };

/** GET /api/due-soon: the signed-in student's exercises due in the next 15 days, past-due work that still takes a hand-in, and the next due further away. */
export function getDueSoon(signal?: AbortSignal) {
  return api.get<DueSoon>('/api/due-soon', { signal });
}

/** Fetched again on every visit of the dashboard: drafts and hand-ins change it from other screens. */
export function useDueSoon(enabled: boolean) {
  return useQuery({ queryKey: dueSoonKeys.all, queryFn: ({ signal }) => getDueSoon(signal), staleTime: 0, enabled });
}
