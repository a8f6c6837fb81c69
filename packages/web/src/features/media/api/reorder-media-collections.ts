import type { MediaCollection } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** POST /api/media-collections/weight: every collection id in the new order. */
export function reorderMediaCollections(ids: number[]) {
  return api.post<MediaCollection[]>('/api/media-collections/weight', { media_collections: ids });
}

/** Optimistic (spec §4): the list takes the new order at once, and goes back if the server refuses it. */
export function useReorderMediaCollections() {
  const queryClient = useQueryClient();
  const key = mediaKeys.collections();
  return useMutation({
    mutationFn: reorderMediaCollections,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MediaCollection[]>(key);
      if (previous) {
        const byId = new Map(previous.map((c) => [c.id, c]));
        queryClient.setQueryData<MediaCollection[]>(
          key,
          ids.flatMap((id, weight) => {
            const collection = byId.get(id);
            return collection ? [{ ...collection, weight }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
