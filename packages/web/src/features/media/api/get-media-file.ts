import type { MediaFile } from '@app/contract/media';
import { api } from '../../../lib/api-client.ts';

/** GET /api/media-files/{id}: one file (the screens read files through their collection's list). */
export function getMediaFile(id: number, signal?: AbortSignal) {
  return api.get<MediaFile>(`/api/media-files/${id}`, { signal });
}
