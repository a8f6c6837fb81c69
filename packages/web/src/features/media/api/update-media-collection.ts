import type { MediaCollection } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** PUT /api/media-collections/{id}: renames a collection. */
export function updateMediaCollection({ id, collection_title }: { id: number; collection_title: string }) {
  return api.put<MediaCollection>(`/api/media-collections/${id}`, { collection_title });
}

export function useUpdateMediaCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMediaCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.collections() }),
  });
}
