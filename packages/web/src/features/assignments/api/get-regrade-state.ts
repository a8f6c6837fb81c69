import type { RegradeState } from '@app/contract/answer-keys';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** How often to ask while a regrade job is queued or running. */
export const REGRADE_POLL_MS = 1000;

/** GET /api/documents/{id}/regrade: the key's version, submissions an older key graded, the latest regrade. */
export function getRegradeState(documentId: number, signal?: AbortSignal) {
  return api.get<RegradeState>(`/api/documents/${documentId}/regrade`, { signal });
}

/** Polls while the regrade is queued or running. */
export function useRegradeState(documentId: number | null) {
  return useQuery({
    queryKey: assignmentKeys.regrade(documentId ?? 0),
    queryFn: ({ signal }) => getRegradeState(documentId ?? 0, signal),
    enabled: documentId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.regrade?.status;
      return status === 'QUEUED' || status === 'RUNNING' ? REGRADE_POLL_MS : false;
    },
  });
}
