import type { UploadedDocument } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { updateCachedDocuments } from './document-cache.ts';

export type UploadDocumentsInput = { assignmentId: number; files: File[]; onProgress?: (fraction: number) => void };

/** POST /api/assignments/{id}/documents: one or many `.har` files under `file`, with upload progress; all or none. */
export function uploadDocuments({ assignmentId, files, onProgress }: UploadDocumentsInput) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return uploadWithProgress<UploadedDocument[]>(`/api/assignments/${assignmentId}/documents`, form, { onProgress });
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: (added, { assignmentId }) =>
      updateCachedDocuments(queryClient, assignmentId, (documents) => [
        ...documents.filter((d) => !added.some((a) => a.id === d.id)),
        ...added,
      ]),
  });
}
