/**
 * Query keys of the entities more than one feature shows. A screen reads them through the one
 * fetcher of their endpoint (`lib/auth.ts`, `lib/course-sets.ts`, `lib/course-students.ts`), and a
 * mutation in any feature invalidates them here, so no two features cache the same answer under
 * two keys (issue 18: editing a set left the grade book's copy stale for 30 s). Keys a single
 * feature owns stay in that feature's `api/keys.ts`; submissions' keys are in `submission-keys.ts`.
 */
export const queryKeys = {
  /** GET /api/users: the signed-in user with their course lists. */
  currentUser: ['users', 'current'] as const,
  /** GET /api/courses/{id}/assignments, for every course. */
  allCourseSets: ['course-sets'] as const,
  /** GET /api/courses/{id}/assignments: a course's sets in order with their documents (a student sees the released ones). */
  courseSets: (courseId: number) => ['course-sets', courseId] as const,
  /** GET /api/courses/{id}/students: the course's students (instructors and TAs only). */
  courseStudents: (courseId: number) => ['course-students', courseId] as const,
};
