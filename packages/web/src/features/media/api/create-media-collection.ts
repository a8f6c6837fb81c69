import type { MediaCollection, MediaCollectionRequest } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** POST /api/media-collections. */
export function createMediaCollection(input: MediaCollectionRequest) {
  return api.post<MediaCollection>('/api/media-collections', input);
}

export function useCreateMediaCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMediaCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.collections() }),
  });
}
