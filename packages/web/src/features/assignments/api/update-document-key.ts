import type { RegradeState, UpdateKeyRequest } from '@app/contract/answer-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

export type UpdateDocumentKeyInput = { documentId: number; body: UpdateKeyRequest };

/** PUT /api/documents/{id}/key: a new version of the document with these answers and points; grades stay until a regrade. */
export function updateDocumentKey({ documentId, body }: UpdateDocumentKeyInput) {
  return api.put<RegradeState>(`/api/documents/${documentId}/key`, body);
}

export function useUpdateDocumentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocumentKey,
    onSuccess: (state, { documentId }) => {
      queryClient.setQueryData(assignmentKeys.regrade(documentId), state);
      return queryClient.invalidateQueries({ queryKey: assignmentKeys.documentKey(documentId), exact: true });
    },
  });
}
