import type { CurrentUser } from '@app/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/*
 * The signed-in user, outside every feature (bulletproof-react's lib/auth): every screen that
 * needs to know who is signed in reads this one query, and every mutation that changes the user
 * or their course lists invalidates `queryKeys.currentUser`.
 */

/** GET /api/users: the signed-in user with their course lists. */
export function getCurrentUser(signal?: AbortSignal) {
  return api.get<CurrentUser>('/api/users', { signal });
}

/** Query options, shared by the hook and the route loaders' prefetch. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => getCurrentUser(signal),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
