import { type AccessTable, courseInstructors, courseMembers, courseStudents } from '../../http/access.ts';

/**
 * Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). Lists answer a
 * student with their own submissions only; the matrix's single submission is the course student's.
 */
export const submissionsAccess: AccessTable = {
  'POST /api/documents/:id/submissions': courseStudents,
  'GET /api/assignments/:id/submissions': courseMembers,
  'GET /api/courses/:id/submissions': courseMembers,
  'GET /api/courses/:id/submissions/:submissionId': courseMembers,
  'GET /api/user/:userId/courses/:courseId/submissions': courseMembers,
  'GET /api/submissions/:id/file-urls': courseMembers,
  'DELETE /api/submissions/:id': courseInstructors,
  'DELETE /api/user/:userId/documents/:documentId/submissions': courseInstructors,
};
