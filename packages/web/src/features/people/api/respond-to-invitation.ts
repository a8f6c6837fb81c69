import type { CourseInvitation } from '@app/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface RespondToInvitationInput {
  /** The id from the dashboard, or the token of an e-mailed link. */
  idOrToken: number | string;
  state: 'ACCEPTED' | 'DECLINED';
}

/** PATCH /api/course-invitations/{idOrToken}: the invitee accepts or declines; single use. */
export function respondToInvitation({ idOrToken, state }: RespondToInvitationInput) {
  return api.patch<CourseInvitation>(`/api/course-invitations/${encodeURIComponent(String(idOrToken))}`, { state });
}

/**
 * Accepting adds a course to the user's lists and removes the invitation from the dashboard:
 * both come with GET /api/users. `handlesErrors` for screens that word failures themselves.
 */
export function useRespondToInvitation({ handlesErrors = false }: { handlesErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToInvitation,
    meta: { handlesErrors },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
