import type { GradeChange } from '@app/contract/answer-keys';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** GET /api/documents/{id}/grade-changes: the audit list of grades regrades changed, newest first. */
export function getGradeChanges(documentId: number, signal?: AbortSignal) {
  return api.get<GradeChange[]>(`/api/documents/${documentId}/grade-changes`, { signal });
}

export function useGradeChanges(documentId: number | null) {
  return useQuery({
    queryKey: assignmentKeys.gradeChanges(documentId ?? 0),
    queryFn: ({ signal }) => getGradeChanges(documentId ?? 0, signal),
    enabled: documentId !== null,
  });
}
