import type { CreateInvitationsRequest, CreateInvitationsResponse } from '@app/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseInvitationsKey } from './get-course-invitations.ts';

/**
 * POST /api/course-invitations: one e-mail per invitee. Each address gets its own outcome
 * (invited, or why not), so one bad address never fails the whole list.
 */
export function createInvitations(input: CreateInvitationsRequest) {
  return api.post<CreateInvitationsResponse>('/api/course-invitations', input);
}

export function useCreateInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitations,
    onSuccess: (_data, { course }) => queryClient.invalidateQueries({ queryKey: courseInvitationsKey(course) }),
  });
}
