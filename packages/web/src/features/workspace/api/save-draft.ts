import type { AnswerEntry, Draft } from '@app/contract/workspace';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/documents/{id}/draft: the student's answers so far (last write wins). The autosave hook calls it. */
export function saveDraft(documentId: number, answers: AnswerEntry[]) {
  return api.put<Draft>(`/api/documents/${documentId}/draft`, { answers });
}
