/** Query keys of the grade book's own lists (its submissions use lib/submission-keys.ts). */
export const gradeBookKeys = {
  students: (courseId: number) => ['gradebook', 'students', courseId] as const,
  sets: (courseId: number) => ['gradebook', 'sets', courseId] as const,
};
