import type { MediaFile } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** POST /api/media-collections/{id}/media-files/weight: every file id of the collection in the new order. */
export function reorderMediaFiles({ collectionId, ids }: { collectionId: number; ids: number[] }) {
  return api.post<MediaFile[]>(`/api/media-collections/${collectionId}/media-files/weight`, { media_files: ids });
}

/** Optimistic (spec §4): the list takes the new order at once, and goes back if the server refuses it. */
export function useReorderMediaFiles(collectionId: number) {
  const queryClient = useQueryClient();
  const key = mediaKeys.files(collectionId);
  return useMutation({
    mutationFn: (ids: number[]) => reorderMediaFiles({ collectionId, ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MediaFile[]>(key);
      if (previous) {
        const byId = new Map(previous.map((f) => [f.id, f]));
        queryClient.setQueryData<MediaFile[]>(
          key,
          ids.flatMap((id, weight) => {
            const file = byId.get(id);
            return file ? [{ ...file, weight }] : [];
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
