import type { CurrentUser, UpdateUserRequest, User } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/users: a partial update of the signed-in user's own fields; answers with the user. */
export function updateCurrentUser(input: UpdateUserRequest) {
  return api.put<User>('/api/users', input);
}

/**
 * Optimistic: the cached user takes the change at once (so selects and checkboxes do not jump
 * back while saving) and gets its old values back if the server refuses. A new e-mail waits for
 * the server, which may still refuse the password that goes with it.
 */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
      const previous = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
      const { current_password: _password, email: _email, ...changes } = input;
      if (previous) queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, context.previous);
    },
    onSuccess: (user) => {
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (old) => (old ? { ...old, ...user } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
