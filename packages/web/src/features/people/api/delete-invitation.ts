import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseInvitationsKey } from './get-course-invitations.ts';

export interface DeleteInvitationInput {
  courseId: number;
  invitationId: number;
}

/** DELETE /api/course-invitations/{id}: an instructor withdraws an invitation; its link stops working. */
export function deleteInvitation({ invitationId }: DeleteInvitationInput) {
  return api.delete<Record<string, never>>(`/api/course-invitations/${invitationId}`);
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: courseInvitationsKey(courseId) }),
  });
}
