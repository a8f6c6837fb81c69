import type { DraftSummary } from '@app/contract/workspace';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './keys.ts';

/** GET /api/courses/{id}/drafts: the documents the signed-in student has saved answers for. */
export function getCourseDrafts(courseId: number, signal?: AbortSignal) {
  return api.get<DraftSummary[]>(`/api/courses/${courseId}/drafts`, { signal });
}

export function useCourseDrafts(courseId: number) {
  return useQuery({ queryKey: workspaceKeys.drafts(courseId), queryFn: ({ signal }) => getCourseDrafts(courseId, signal), staleTime: 0 });
}
