import type { AnswerEntry, Draft, Workspace } from '@app/contract/workspace';
import { ApiError, api } from '../../../lib/api-client.ts';

/**
 * PUT /api/documents/{id}/draft: the student's answers so far, from draft revision `base` (0: none).
 * When another copy saved since, the server answers 409 `workspace.draftChanged` (decision 046). The autosave hook calls it.
 */
export function saveDraft(documentId: number, answers: AnswerEntry[], base: number) {
  return api.put<Draft>(`/api/documents/${documentId}/draft`, { answers, base });
}

/** A 409 saying another copy saved the draft since this one's base (a draft save or a hand-in). */
export const isDraftChanged = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.codes?.some((c) => c?.code === 'workspace.draftChanged'));

/** The draft as the server has it now, to merge with after `isDraftChanged` (none: revision 0, no answers). */
export async function currentDraft(documentId: number): Promise<Draft> {
  const workspace = await api.get<Workspace>(`/api/documents/${documentId}/workspace`);
  return workspace.draft ?? { answers: [], updated_at: workspace.now, revision: 0 };
}
