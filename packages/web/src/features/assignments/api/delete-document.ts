import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedDocuments } from './document-cache.ts';
import { assignmentKeys } from './keys.ts';

/** DELETE /api/documents/{id}: the document and its file. */
export function deleteDocument({ documentId }: { assignmentId: number; documentId: number }) {
  return api.delete<Record<string, never>>(`/api/documents/${documentId}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_result, { assignmentId, documentId }) => {
      queryClient.removeQueries({ queryKey: assignmentKeys.preview(documentId) });
      return updateCachedDocuments(queryClient, assignmentId, (documents) => documents.filter((d) => d.id !== documentId));
    },
  });
}
