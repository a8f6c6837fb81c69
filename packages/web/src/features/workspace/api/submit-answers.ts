import type { Submission } from '@app/contract/submissions';
import type { AnswerEntry } from '@app/contract/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';
import { workspaceKeys } from './keys.ts';

/** `base`: the draft revision the answers started from; behind the server's, the hand-in is refused to merge first (decision 046). */
export type SubmitAnswersInput = { documentId: number; answers: AnswerEntry[]; base?: number };

/** POST /api/documents/{id}/submissions with JSON answers: the server grades them (409 with its reason when it refuses). */
export function submitAnswers({ documentId, answers, base }: SubmitAnswersInput) {
  return api.post<Submission>(`/api/documents/${documentId}/submissions`, { answers, base });
}

/** Hands in; the workspace (feedback per chord, rules), the assignments list and every grade book refresh. */
export function useSubmitAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAnswers,
    meta: { handlesErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allCourseSets }),
        queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
      ]),
  });
}
