import type { MediaFile } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

/** PUT /api/media-files/{id}: renames a file. */
export function updateMediaFile({ id, title }: { id: number; title: string }) {
  return api.put<MediaFile>(`/api/media-files/${id}`, { title });
}

export function useUpdateMediaFile(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMediaFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.files(collectionId) }),
  });
}
