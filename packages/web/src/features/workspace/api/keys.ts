/** Query keys of the workspace feature (the submissions it lists use lib/submission-keys.ts). */
export const workspaceKeys = {
  all: ['workspace'] as const,
  document: (documentId: number) => ['workspace', 'document', documentId] as const,
  drafts: (courseId: number) => ['workspace', 'drafts', courseId] as const,
};
