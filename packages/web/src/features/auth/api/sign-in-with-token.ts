import type { User } from '@app/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/users/sign-in/token: signs in from an e-mailed link. */
export function signInWithToken(token: string) {
  return api.post<{ user: User }>('/api/users/sign-in/token', { token }, { redirectOnUnauthorized: false });
}

export function useSignInWithToken() {
  return useMutation({ mutationFn: signInWithToken });
}
