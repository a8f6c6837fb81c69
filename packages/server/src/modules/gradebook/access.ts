import { type AccessTable, courseTeachers } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const gradeBookAccess: AccessTable = {
  'GET /api/courses/:id/grade-book': courseTeachers,
};
