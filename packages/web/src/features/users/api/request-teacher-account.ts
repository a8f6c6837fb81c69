import type { TeacherAccountRequest, TeacherAccountRequestInput } from '@app/contract/teacher-requests';
import type { CurrentUser } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/teacher-account-requests: a student asks for a teacher account. */
export function requestTeacherAccount(input: TeacherAccountRequestInput) {
  return api.post<TeacherAccountRequest>('/api/teacher-account-requests', input);
}

/** The screen shows the server's error list itself (spec §8), so no automatic toast. */
export function useRequestTeacherAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestTeacherAccount,
    meta: { handlesErrors: true },
    onSuccess: () => {
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (old) =>
        old ? { ...old, has_pending_teacher_account_request: true } : old,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
