import type { Workspace } from '@app/contract/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './keys.ts';

/** POST /api/documents/{id}/start: starts a timed document's clock (once; again changes nothing) and answers the workspace. */
export function startDocument(documentId: number) {
  return api.post<Workspace>(`/api/documents/${documentId}/start`);
}

/** Start on a timed document: the workspace the server answers (with the score and the running clock) replaces the waiting one. */
export function useStartDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDocument,
    // The Start screen shows a refusal beside its button.
    meta: { handlesErrors: true },
    onSuccess: (workspace, documentId) => {
      queryClient.setQueryData(workspaceKeys.document(documentId), workspace);
      return queryClient.invalidateQueries({ queryKey: workspaceKeys.drafts(workspace.document.course_id) });
    },
  });
}
