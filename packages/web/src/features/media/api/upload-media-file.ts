import type { MediaFile } from '@app/contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { mediaKeys } from './keys.ts';

export type UploadMediaFileInput = { collectionId: number; file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** POST /api/media-collections/{id}/media-files: multipart `mediafile`, with upload progress. */
export function uploadMediaFile({ collectionId, file, onProgress, signal }: UploadMediaFileInput) {
  const form = new FormData();
  form.append('mediafile', file, file.name);
  return uploadWithProgress<MediaFile>(`/api/media-collections/${collectionId}/media-files`, form, { onProgress, signal });
}

export function useUploadMediaFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMediaFile,
    // The upload button says what the server refused in the words of spec §5.
    meta: { handlesErrors: true },
    onSuccess: (file, { collectionId }) => {
      // Shown at once as UNSTARTED, so the screen sees it move through the states to COMPLETED.
      queryClient.setQueryData<MediaFile[]>(mediaKeys.files(collectionId), (files) =>
        files ? [...files.filter((f) => f.id !== file.id), file] : files,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.files(collectionId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.collections() }),
      ]);
    },
  });
}
