import { isTranscoding, MEDIA_POLL_INTERVAL_MS, type MediaFile } from '@app/contract/media';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** GET /api/media-collections/{id}/media-files: the files of one collection, in order. */
export function getMediaFiles(collectionId: number, signal?: AbortSignal) {
  return api.get<MediaFile[]>(`/api/media-collections/${collectionId}/media-files`, { signal });
}

/**
 * Polls every 2000 ms only while a file is UNSTARTED or IN_PROGRESS (spec §4), and stops at
 * COMPLETED or FAILED. Errors are the screen's to show (a missing collection sends the user away).
 */
export function useMediaFiles(collectionId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaKeys.files(collectionId),
    queryFn: ({ signal }) => getMediaFiles(collectionId, signal),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (query.state.data?.some((f) => isTranscoding(f.transcode_status)) ? MEDIA_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    meta: { handlesErrors: true },
  });
}
