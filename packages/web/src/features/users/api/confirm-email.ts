import type { ConfirmEmailResponse } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/users/email-confirmation: follows the link mailed to a new address; no session needed. */
export function confirmEmail(token: string) {
  return api.post<ConfirmEmailResponse>('/api/users/email-confirmation', { token }, { redirectOnUnauthorized: false });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The link page says what went wrong itself.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
