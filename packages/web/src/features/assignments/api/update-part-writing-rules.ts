import type { RegradeState, UpdatePartWritingRulesRequest } from '@app/contract/answer-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

export type UpdatePartWritingRulesInput = { documentId: number; body: UpdatePartWritingRulesRequest };

/** PUT /api/documents/{id}/rules: a new version of a part-writing document with these rule settings; grades stay until a regrade (issue 27). */
export function updatePartWritingRules({ documentId, body }: UpdatePartWritingRulesInput) {
  return api.put<RegradeState>(`/api/documents/${documentId}/rules`, body);
}

export function useUpdatePartWritingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartWritingRules,
    onSuccess: (state, { documentId }) => {
      queryClient.setQueryData(assignmentKeys.regrade(documentId), state);
      return queryClient.invalidateQueries({ queryKey: assignmentKeys.documentKey(documentId), exact: true });
    },
  });
}
