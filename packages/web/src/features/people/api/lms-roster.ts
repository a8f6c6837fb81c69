import type { LmsRosterStatus, LmsRosterSyncResult } from '@app/contract/lti';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { coursePeopleKey } from './get-course-members.ts';

const statusKey = (courseId: number) => [...coursePeopleKey(courseId), 'lms-roster'] as const;

/** GET /api/courses/{id}/lms-roster: whether the course is linked to an LMS course that shares its roster (issue 28). */
export function useLmsRosterStatus(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: statusKey(courseId),
    queryFn: ({ signal }) => api.get<LmsRosterStatus>(`/api/courses/${courseId}/lms-roster`, { signal }),
    enabled,
    meta: { handlesErrors: true },
  });
}

/** POST /api/courses/{id}/lms-roster: "Sync from LMS"; the people lists are read again after it. */
export function useSyncLmsRoster(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LmsRosterSyncResult>(`/api/courses/${courseId}/lms-roster`),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...coursePeopleKey(courseId), 'members'] }),
  });
}
