import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SetPasswordInput {
  /** From an e-mailed link (create mode). */
  token?: string;
  /** When a signed-in user changes the password (change mode). */
  current_password?: string;
  password: string;
  password_confirm: string;
}

/** POST /api/users/password; in create mode the answer signs the user in through its token headers. */
export function setPassword(input: SetPasswordInput) {
  // With a link token the caller is signed out: a 401 means a dead link, not an expired session.
  return api.post<unknown>('/api/users/password', input, { redirectOnUnauthorized: !input.token });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
