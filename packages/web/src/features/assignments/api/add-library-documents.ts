import type { CourseDocument } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedDocuments } from './document-cache.ts';

/** POST /api/assignments/{id}/documents with `document_ids`: copies content library documents into the set. */
export function addLibraryDocuments({ assignmentId, documentIds }: { assignmentId: number; documentIds: number[] }) {
  return api.post<CourseDocument[]>(`/api/assignments/${assignmentId}/documents`, { document_ids: documentIds });
}

export function useAddLibraryDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLibraryDocuments,
    onSuccess: (added, { assignmentId }) =>
      updateCachedDocuments(queryClient, assignmentId, (documents) => [
        ...documents.filter((d) => !added.some((a) => a.id === d.id)),
        ...added,
      ]),
  });
}
