import { z } from 'zod';

/** Spec §5 and §9: an upload is at most 20 MB. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Spec §4 and §9: the browser polls this often while a file is UNSTARTED or IN_PROGRESS. */
export const MEDIA_POLL_INTERVAL_MS = 2000;

/** The messages of spec §8 (and the ones we add for cases it leaves open), word for word. */
export const MediaMessages = {
  instructorsOnly: 'Only instructors can use media library feature.',
  collectionNotFound: 'Requested media collection does not exist.',
  fileNotFound: 'Requested media file does not exist.',
  tooLarge: 'Only files with size smaller than 20 MB are supported.',
  notMedia: 'Only audio or video files are supported.',
  noFile: 'Choose an audio or video file to upload.',
  notReady: 'This media file has not finished transcoding yet.',
  collectionTitleRequired: 'Collection title is required.',
  fileTitleRequired: 'File title is required.',
  titleTooLong: 'Titles must be at most 200 characters.',
  reorderCollections: 'The new order must list every media collection exactly once.',
  reorderFiles: 'The new order must list every file of this collection exactly once.',
} as const;

export const TranscodeStatus = z.enum(['UNSTARTED', 'IN_PROGRESS', 'FAILED', 'COMPLETED']);
export type TranscodeStatus = z.infer<typeof TranscodeStatus>;

export const MediaType = z.enum(['audio', 'video']);
export type MediaType = z.infer<typeof MediaType>;

export const MediaFile = z.object({
  id: z.number().int(),
  file_key: z.string(),
  title: z.string(),
  weight: z.number().int(),
  media_collection: z.number().int(),
  transcode_status: TranscodeStatus,
  /** From the file's bytes at upload; settled by ffprobe during transcoding. */
  media_type: MediaType,
  /** Seconds, once transcoded. */
  duration: z.number().nullable(),
  /** Bytes of the uploaded file. */
  size: z.number().int(),
  /** Why transcoding failed, when it did. */
  transcode_error: z.string().nullable(),
});
export type MediaFile = z.infer<typeof MediaFile>;

export const MediaCollection = z.object({
  id: z.number().int(),
  collection_title: z.string(),
  weight: z.number().int(),
  mediaFiles: z.array(MediaFile),
});
export type MediaCollection = z.infer<typeof MediaCollection>;

const Title = (required: string) => z.string().trim().min(1, required).max(200, MediaMessages.titleTooLong);

/** POST and PUT /api/media-collections[/{id}]. */
export const MediaCollectionRequest = z.object({ collection_title: Title(MediaMessages.collectionTitleRequired) });
export type MediaCollectionRequest = z.infer<typeof MediaCollectionRequest>;

/** PUT /api/media-files/{id}. */
export const UpdateMediaFileRequest = z.object({ title: Title(MediaMessages.fileTitleRequired) });
export type UpdateMediaFileRequest = z.infer<typeof UpdateMediaFileRequest>;

const Ids = z.array(z.number().int().positive()).max(10_000);

/** POST /api/media-collections/weight: every collection of the caller, in the new order. */
export const ReorderMediaCollectionsRequest = z.object({ media_collections: Ids });
export type ReorderMediaCollectionsRequest = z.infer<typeof ReorderMediaCollectionsRequest>;

/** POST /api/media-collections/{id}/media-files/weight: every file of the collection, in the new order. */
export const ReorderMediaFilesRequest = z.object({ media_files: Ids });
export type ReorderMediaFilesRequest = z.infer<typeof ReorderMediaFilesRequest>;

/** GET /api/media-files/{file_key}/file-url: a signed URL that expires. */
export const FileUrl = z.object({ url: z.string(), expires_at: z.number().int() });
export type FileUrl = z.infer<typeof FileUrl>;

/** True for the states in which the browser keeps polling and a file cannot be dragged. */
export function isTranscoding(status: TranscodeStatus): boolean {
  return status === 'UNSTARTED' || status === 'IN_PROGRESS';
}
