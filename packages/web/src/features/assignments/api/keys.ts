/** Query keys of the assignments feature; mutations invalidate by these (a course's list of sets is lib/query-keys.ts's courseSets). */
export const assignmentKeys = {
  all: ['assignments'] as const,
  set: (assignmentId: number) => ['assignments', 'set', assignmentId] as const,
  extensions: (assignmentId: number) => ['assignments', 'set', assignmentId, 'extensions'] as const,
  preview: (documentId: number) => ['assignments', 'preview', documentId] as const,
  /** A document's key for Edit Key, its regrade state and its audit list of changed grades. */
  documentKey: (documentId: number) => ['assignments', 'key', documentId] as const,
  regrade: (documentId: number) => ['assignments', 'key', documentId, 'regrade'] as const,
  gradeChanges: (documentId: number) => ['assignments', 'key', documentId, 'grade-changes'] as const,
};
