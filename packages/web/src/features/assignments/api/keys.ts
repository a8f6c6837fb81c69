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
};
