import type { Workspace } from '@app/contract/workspace';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './keys.ts';

/** GET /api/documents/{id}/workspace: the score, items, rules, draft and submissions of one document (a timed one shows no music until Start). */
export function getWorkspace(documentId: number, signal?: AbortSignal) {
  return api.get<Workspace>(`/api/documents/${documentId}/workspace`, { signal });
}

export function useWorkspace(documentId: number) {
  return useQuery({
    queryKey: workspaceKeys.document(documentId),
    queryFn: ({ signal }) => getWorkspace(documentId, signal),
    enabled: Number.isInteger(documentId) && documentId > 0,
    // The rules (time left, can submit) are read against the server's clock at load: always fresh.
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}
