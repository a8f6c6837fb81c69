import type { UnreadCount } from '@app/contract/discussion';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unreadCountKey } from './keys.ts';

/** How often the menu badge looks for new activity by others. */
const UNREAD_POLL_MS = 60_000;

/** GET /api/courses/{id}/discussion/unread-count: threads with activity the caller has not seen. */
export function getUnreadCount(courseId: number, signal?: AbortSignal) {
  return api.get<UnreadCount>(`/api/courses/${courseId}/discussion/unread-count`, { signal });
}

export function useUnreadCount(courseId: number) {
  return useQuery({
    queryKey: unreadCountKey(courseId),
    queryFn: ({ signal }) => getUnreadCount(courseId, signal),
    enabled: Number.isInteger(courseId) && courseId > 0,
    refetchInterval: UNREAD_POLL_MS,
    // A badge is not worth a toast: the course layout already reports a course it cannot load.
    meta: { handlesErrors: true },
    select: (data) => data.unread,
  });
}
