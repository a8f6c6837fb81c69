import type { PreviewUrl } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assignmentKeys } from './keys.ts';

/** How often to ask while the preview job runs. */
export const PREVIEW_POLL_MS = 2000;
/** Signed URLs live 10 minutes; ask for a fresh one well before. */
const PREVIEW_FRESH_MS = 5 * 60 * 1000;

/** GET /api/documents/{id}/preview-url: PENDING while the job runs, then READY with a signed URL, or FAILED. */
export function getDocumentPreview(documentId: number, signal?: AbortSignal) {
  return api.get<PreviewUrl>(`/api/documents/${documentId}/preview-url`, { signal });
}

/** Polls every 2 s while PENDING; the preview component shows failures itself. */
export function useDocumentPreview(documentId: number | null) {
  return useQuery({
    queryKey: assignmentKeys.preview(documentId ?? 0),
    queryFn: ({ signal }) => getDocumentPreview(documentId ?? 0, signal),
    enabled: documentId !== null,
    staleTime: PREVIEW_FRESH_MS,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PREVIEW_POLL_MS : false),
    meta: { handlesErrors: true },
  });
}
