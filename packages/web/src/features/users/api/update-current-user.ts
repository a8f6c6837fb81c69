import type { CurrentUser, UpdateUserRequest } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentUserKey } from './get-current-user.ts';

/** PUT /api/users: a partial update of the signed-in user's own fields. */
export function updateCurrentUser(input: UpdateUserRequest) {
  return api.put<CurrentUser>('/api/users', input);
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
