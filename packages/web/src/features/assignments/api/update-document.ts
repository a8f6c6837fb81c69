import type { CourseDocument, UpdateDocumentRequest } from '@app/contract/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedDocuments } from './document-cache.ts';
import { assignmentKeys } from './keys.ts';

export type UpdateDocumentInput = { assignmentId: number; documentId: number; changes: UpdateDocumentRequest };

/**
 * PUT /api/documents/{id}: title and settings. The server applies spec §4 (practice clears the
 * non-practice options, a delay gets the due date, a time limit 1800 s) and answers with the result.
 */
export function updateDocument({ documentId, changes }: UpdateDocumentInput) {
  return api.put<CourseDocument>(`/api/documents/${documentId}`, changes);
}

/** Shows the change at once (the settings panel follows it), then the server's answer; a refusal puts the old one back. */
const mutationKey = ['assignments', 'update-document'] as const;

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  /** Updates of one document still running, this one included while its callbacks run. */
  const pendingFor = (documentId: number) =>
    queryClient.isMutating({
      mutationKey,
      predicate: (m) => (m.state.variables as UpdateDocumentInput | undefined)?.documentId === documentId,
    });
  return useMutation({
    mutationKey,
    mutationFn: updateDocument,
    onMutate: async ({ assignmentId, documentId, changes }) => {
      // A refetch in flight would overwrite the change just shown.
      await queryClient.cancelQueries({ queryKey: assignmentKeys.set(assignmentId) });
      let previous: CourseDocument | undefined;
      void updateCachedDocuments(queryClient, assignmentId, (documents) =>
        documents.map((d) => {
          if (d.id !== documentId) return d;
          previous = d;
          return { ...d, ...changes };
        }),
      );
      return { previous };
    },
    onError: (_error, { assignmentId, documentId }, context) => {
      const previous = context?.previous;
      if (previous)
        void updateCachedDocuments(queryClient, assignmentId, (documents) => documents.map((d) => (d.id === documentId ? previous : d)));
    },
    // Changes made in quick succession (hours, then minutes) answer in any order: only the last one
    // still pending writes its answer, so an older answer cannot undo a newer change on screen.
    onSuccess: (saved, { assignmentId, documentId }) => {
      if (pendingFor(documentId) > 1) return;
      return updateCachedDocuments(queryClient, assignmentId, (documents) => documents.map((d) => (d.id === saved.id ? saved : d)));
    },
    onSettled: (_saved, error, { assignmentId, documentId }) => {
      if (error && pendingFor(documentId) === 1) return queryClient.invalidateQueries({ queryKey: assignmentKeys.set(assignmentId) });
    },
  });
}
