import { type AccessTable, courseInstructors } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts): a key and its regrades are the instructors'. */
export const answerKeysAccess: AccessTable = {
  'GET /api/documents/:id/key': courseInstructors,
  'PUT /api/documents/:id/key': courseInstructors,
  'PUT /api/documents/:id/rules': courseInstructors,
  'GET /api/documents/:id/regrade': courseInstructors,
  'POST /api/documents/:id/regrade': courseInstructors,
  'GET /api/documents/:id/grade-changes': courseInstructors,
};
