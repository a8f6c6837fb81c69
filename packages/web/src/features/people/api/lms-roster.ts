import type { LmsRosterStatus, LmsRosterSync } from '@app/contract/lti';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { coursePeopleKey } from './get-course-members.ts';

/** How often to ask while a sync is queued or running. */
export const ROSTER_POLL_MS = 1000;

const statusKey = (courseId: number) => [...coursePeopleKey(courseId), 'lms-roster'] as const;

/** Whether a sync is still to end (queued or running). */
export const syncActive = (sync: LmsRosterSync | null | undefined) => sync?.status === 'QUEUED' || sync?.status === 'RUNNING';

/**
 * GET /api/courses/{id}/lms-roster: whether the course is linked to an LMS course that shares its
 * roster, and its latest sync (issue 28); asked again every second while that sync runs.
 */
export function useLmsRosterStatus(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: statusKey(courseId),
    queryFn: ({ signal }) => api.get<LmsRosterStatus>(`/api/courses/${courseId}/lms-roster`, { signal }),
    enabled,
    meta: { handlesErrors: true },
    refetchInterval: (query) => (syncActive(query.state.data?.sync) ? ROSTER_POLL_MS : false),
  });
}

/** POST /api/courses/{id}/lms-roster: "Sync from LMS" queues the job (202); the status query follows it. */
export function useSyncLmsRoster(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LmsRosterStatus>(`/api/courses/${courseId}/lms-roster`),
    meta: { handlesErrors: true },
    onSuccess: (state) => queryClient.setQueryData(statusKey(courseId), state),
  });
}

/** The people lists, read again when a sync ends. */
export function useRefreshMembers(courseId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...coursePeopleKey(courseId), 'members'] });
}
