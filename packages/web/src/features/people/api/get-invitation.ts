import type { CourseInvitation } from '@app/contract/people';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const invitationKey = (token: string) => ['course-invitations', token] as const;

/** GET /api/course-invitations/{token}: what an e-mailed link invites to; 404 once used, withdrawn or expired. */
export function getInvitation(token: string, signal?: AbortSignal) {
  return api.get<CourseInvitation>(`/api/course-invitations/${encodeURIComponent(token)}`, { signal });
}

/** The join screen shows its own sentences for every failure (spec §2 "Invitation screen"), never a raw toast. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token !== '',
    // The link is answered right after this call; a cached copy must never be answered twice.
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}
