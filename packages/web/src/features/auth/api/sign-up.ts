import type { SignUpRequest } from '@app/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/users: registers and e-mails a link that finishes registration. */
export function signUp(input: SignUpRequest) {
  return api.post<{ email: string }>('/api/users', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
