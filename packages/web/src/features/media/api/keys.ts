/** Query keys of the media feature; mutations invalidate by these. */
export const mediaKeys = {
  all: ['media'] as const,
  collections: () => ['media', 'collections'] as const,
  files: (collectionId: number) => ['media', 'collections', collectionId, 'files'] as const,
  fileUrl: (fileKey: string) => ['media', 'file-url', fileKey] as const,
};
