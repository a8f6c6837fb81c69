import { type AccessTable, courseMembers, courseStudents } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const workspaceAccess: AccessTable = {
  'GET /api/documents/:id/workspace': courseStudents,
  'POST /api/documents/:id/start': courseStudents,
  'PUT /api/documents/:id/draft': courseStudents,
  // Teachers get an empty list: drafts are the student's own.
  'GET /api/courses/:id/drafts': courseMembers,
};
