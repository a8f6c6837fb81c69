import { type AccessTable, courseInstructors, courseMembers } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const assignmentsAccess: AccessTable = {
  'GET /api/courses/:id/assignments': courseMembers,
  'POST /api/courses/:id/assignments': courseInstructors,
  'POST /api/courses/:id/assignments/weight': courseInstructors,
  'GET /api/assignments/:id': courseMembers,
  'PUT /api/assignments/:id': courseInstructors,
  'DELETE /api/assignments/:id': courseInstructors,
  'GET /api/assignments/:id/documents': courseMembers,
  'POST /api/assignments/:id/documents': courseInstructors,
  'POST /api/assignments/:id/documents/weight': courseInstructors,
  'PUT /api/documents/:id': courseInstructors,
  'DELETE /api/documents/:id': courseInstructors,
  // Students once the set is released (the matrix's is).
  'GET /api/documents/:id/file-url': courseMembers,
  'GET /api/documents/:id/preview-url': courseMembers,
  // A student sees only their own extension.
  'GET /api/assignments/:id/due-day-extensions': courseMembers,
  'POST /api/assignments/:id/due-day-extensions/:studentId': courseInstructors,
  'DELETE /api/assignments/:id/due-day-extensions/:studentId': courseInstructors,
};
