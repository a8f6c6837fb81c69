import type { SignInRequest, User } from '@app/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/users/sign-in; the token arrives in response headers, which the api client stores. */
export function signIn(input: SignInRequest) {
  // A wrong password answers 401: that is a form error, not an expired session.
  return api.post<{ user: User }>('/api/users/sign-in', input, { redirectOnUnauthorized: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
