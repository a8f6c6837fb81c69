import type { CurrentUser } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const currentUserKey = ['users', 'current'] as const;

/** GET /api/users: the signed-in user with their course lists. */
export function getCurrentUser(signal?: AbortSignal) {
  return api.get<CurrentUser>('/api/users', { signal });
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
