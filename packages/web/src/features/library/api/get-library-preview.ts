import type { PreviewUrl } from '@app/contract/assignments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { libraryKeys } from './keys.ts';

const POLL_MS = 2000;
/** Signed URLs live 10 minutes; ask for a fresh one well before. */
const FRESH_MS = 5 * 60 * 1000;

/** GET /api/content-library/{id}/preview-url: PENDING while the preview job runs, then READY with a signed URL, or FAILED. */
export function getLibraryPreview(documentId: number, signal?: AbortSignal) {
  return api.get<PreviewUrl>(`/api/content-library/${documentId}/preview-url`, { signal });
}

/** Polls every 2 s while PENDING; the preview component shows failures itself. */
export function useLibraryPreview(documentId: number | null) {
  return useQuery({
    queryKey: libraryKeys.preview(documentId ?? 0),
    queryFn: ({ signal }) => getLibraryPreview(documentId ?? 0, signal),
    enabled: documentId !== null,
    staleTime: FRESH_MS,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? POLL_MS : false),
    meta: { handlesErrors: true },
  });
}
