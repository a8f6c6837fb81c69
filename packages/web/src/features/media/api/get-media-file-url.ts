import type { FileUrl } from '@app/contract/media';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** GET /api/media-files/{file_key}/file-url: a signed URL that expires. */
export function getMediaFileUrl(fileKey: string, signal?: AbortSignal) {
  return api.get<FileUrl>(`/api/media-files/${encodeURIComponent(fileKey)}/file-url`, { signal });
}

/** The URL is fetched again a minute before it expires; failures are the player's to report. */
export function useMediaFileUrl(fileKey: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: mediaKeys.fileUrl(fileKey),
    queryFn: ({ signal }) => getMediaFileUrl(fileKey, signal),
    enabled: options.enabled,
    staleTime: (query) => (query.state.data ? Math.max(0, (query.state.data.expires_at - 60) * 1000 - Date.now()) : 0),
    retry: false,
    meta: { handlesErrors: true },
  });
}
