import type { DeepLinkResponse, LtiContext } from '@app/contract/lti';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const contextKey = (id: number) => ['lti-contexts', id] as const;

/** GET /api/lti/contexts/{id}: the LMS course a launch brought, for its LMS instructors (issue 28). */
export function useLtiContext(id: number) {
  return useQuery({
    queryKey: contextKey(id),
    queryFn: ({ signal }) => api.get<LtiContext>(`/api/lti/contexts/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    meta: { handlesErrors: true },
  });
}

/**
 * Links the LMS course to a course the caller instructs (POST …/link), or creates one named after
 * it (POST …/course). The new course joins the caller's lists, which come with GET /api/users.
 */
export function useLinkLtiContext(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { courseId: number } | 'create') =>
      choice === 'create'
        ? api.post<LtiContext>(`/api/lti/contexts/${id}/course`)
        : api.post<LtiContext>(`/api/lti/contexts/${id}/link`, { course_id: choice.courseId }),
    meta: { handlesErrors: true },
    onSuccess: (context) => queryClient.setQueryData(contextKey(id), context),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

/** POST /api/lti/deep-links/{key}: the signed LtiDeepLinkingResponse for the chosen set, exercise or exercises (single use). */
export function useDeepLinkChoice(key: string) {
  return useMutation({
    mutationFn: ({ setId, documentId, documentIds }: { setId: number; documentId?: number; documentIds?: number[] }) =>
      api.post<DeepLinkResponse>(`/api/lti/deep-links/${encodeURIComponent(key)}`, {
        set_id: setId,
        ...(documentId !== undefined ? { document_id: documentId } : {}),
        ...(documentIds !== undefined ? { document_ids: documentIds } : {}),
      }),
    meta: { handlesErrors: true },
  });
}
