import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** DELETE /api/media-files/{id}. */
export function deleteMediaFile(id: number) {
  return api.delete<null>(`/api/media-files/${id}`);
}

export function useDeleteMediaFile(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.files(collectionId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.collections() }),
      ]),
  });
}
