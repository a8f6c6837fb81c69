import type { DocumentKeyOrRules } from '@app/contract/answer-keys';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/**
 * GET /api/documents/{id}/key: the score laid out with each keyed chord's answers and points
 * (instructors); for a part-writing document, its rule settings (issue 27).
 */
export function getDocumentKey(documentId: number, signal?: AbortSignal) {
  return api.get<DocumentKeyOrRules>(`/api/documents/${documentId}/key`, { signal });
}

export function useDocumentKey(documentId: number | null) {
  return useQuery({
    queryKey: assignmentKeys.documentKey(documentId ?? 0),
    queryFn: ({ signal }) => getDocumentKey(documentId ?? 0, signal),
    enabled: documentId !== null,
    // The editor opens on what is stored now, never on an older version.
    staleTime: 0,
    gcTime: 0,
  });
}
