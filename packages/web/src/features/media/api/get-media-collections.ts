import type { MediaCollection } from '@app/contract/media';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** GET /api/media-collections: the instructor's collections in order, with their files. */
export function getMediaCollections(signal?: AbortSignal) {
  return api.get<MediaCollection[]>('/api/media-collections', { signal });
}

export const mediaCollectionsQuery = queryOptions({
  queryKey: mediaKeys.collections(),
  queryFn: ({ signal }) => getMediaCollections(signal),
});

export function useMediaCollections(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mediaCollectionsQuery, enabled: options.enabled ?? true });
}
