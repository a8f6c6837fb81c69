import { type AccessTable, courseInstructors, courseMembers, instructorAccounts, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const coursesAccess: AccessTable = {
  'POST /api/courses': instructorAccounts,
  // The caller's own dashboard order.
  'POST /api/courses/weight': signedIn,
  'GET /api/course-products': instructorAccounts,
  'GET /api/courses/:id': courseMembers,
  'PUT /api/courses/:id': courseInstructors,
  'DELETE /api/courses/:id': courseInstructors,
  'POST /api/courses/:id/activations': courseInstructors,
  'POST /api/courses/:id/duplicate': courseInstructors,
  // Archiving is each member's own view of the course (DESIGN §7.4).
  'POST /api/courses/:id/archive': courseMembers,
  'POST /api/courses/:id/unarchive': courseMembers,
};
