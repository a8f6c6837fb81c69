import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** DELETE /api/media-collections/{id}: the collection, its files and what storage holds for them. */
export function deleteMediaCollection(id: number) {
  return api.delete<null>(`/api/media-collections/${id}`);
}

export function useDeleteMediaCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaCollection,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: mediaKeys.files(id) });
      return queryClient.invalidateQueries({ queryKey: mediaKeys.collections() });
    },
  });
}
