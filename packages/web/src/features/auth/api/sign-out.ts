import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearTokens } from '../../../lib/cookies.ts';

/** GET /api/users/sign-out revokes the token server-side; the cookies go whatever the answer. */
export async function signOut() {
  try {
    await api.get<unknown>('/api/users/sign-out', { redirectOnUnauthorized: false });
  } finally {
    clearTokens();
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Signing out with an already expired token is still a successful sign-out for the user.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.removeQueries(),
  });
}
