import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordResetInput {
  email: string;
  /** The decoy field's content; empty for people. */
  password: string;
}

/** POST /api/users/password-reset: always 200 for a well-formed address, so it reveals no accounts. */
export function requestPasswordReset(input: PasswordResetInput) {
  return api.post<unknown>('/api/users/password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
