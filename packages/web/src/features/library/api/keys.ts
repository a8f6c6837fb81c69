/** Query keys of the content library feature. */
export const libraryKeys = {
  all: ['library'] as const,
  sets: () => ['library', 'sets'] as const,
  preview: (documentId: number) => ['library', 'preview', documentId] as const,
};
