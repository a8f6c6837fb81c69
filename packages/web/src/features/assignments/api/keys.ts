/** Query keys of the assignments feature; mutations invalidate by these. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  /** Every course's list of sets. */
  lists: () => ['assignments', 'course'] as const,
  course: (courseId: number) => ['assignments', 'course', courseId] as const,
  set: (assignmentId: number) => ['assignments', 'set', assignmentId] as const,
  extensions: (assignmentId: number) => ['assignments', 'set', assignmentId, 'extensions'] as const,
  preview: (documentId: number) => ['assignments', 'preview', documentId] as const,
  students: (courseId: number) => ['assignments', 'students', courseId] as const,
  /** A document's key for Edit Key, its regrade state and its audit list of changed grades. */
  documentKey: (documentId: number) => ['assignments', 'key', documentId] as const,
  regrade: (documentId: number) => ['assignments', 'key', documentId, 'regrade'] as const,
  gradeChanges: (documentId: number) => ['assignments', 'key', documentId, 'grade-changes'] as const,
};
