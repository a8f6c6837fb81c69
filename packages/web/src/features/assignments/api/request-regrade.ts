import type { RegradeState } from '@app/contract/answer-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** POST /api/documents/{id}/regrade: queues the regrade job (202); the state query follows it. */
export function requestRegrade(documentId: number) {
  return api.post<RegradeState>(`/api/documents/${documentId}/regrade`);
}

export function useRequestRegrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRegrade,
    onSuccess: (state, documentId) => queryClient.setQueryData(assignmentKeys.regrade(documentId), state),
  });
}
