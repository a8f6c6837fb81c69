import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/users/renew-access-token: new token and expiry come back in the headers. */
export function renewAccessToken() {
  return api.get<{ expires_at: number }>('/api/users/renew-access-token');
}

export function useRenewAccessToken() {
  // The session modal shows its own message ('Error attempting to stay logged in.').
  return useMutation({ mutationFn: renewAccessToken, meta: { handlesErrors: true } });
}
