import type { MediaCollection, MediaFile } from '@app/contract/media';
import type { MediaCollectionRow, MediaFileRow } from '../../db/schema.ts';

/** The API shape of a file: never its storage keys. */
export function presentFile(row: MediaFileRow): MediaFile {
  return {
    id: row.id,
    file_key: row.file_key,
    title: row.title,
    weight: row.weight,
    media_collection: row.collection_id,
    transcode_status: row.transcode_status,
    media_type: row.media_type,
    duration: row.duration,
    size: row.size,
    transcode_error: row.transcode_error,
  };
}

/** The API shape of a collection with its files. */
export function presentCollection(row: MediaCollectionRow, files: MediaFileRow[]): MediaCollection {
  return { id: row.id, collection_title: row.title, weight: row.weight, mediaFiles: files.map(presentFile) };
}
