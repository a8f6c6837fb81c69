import { type AccessTable, courseInstructors, courseStudents, everyCaller, signedIn } from '../../http/access.ts';

/**
 * Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). The matrix runs
 * without Google or FastSpring set up (test orders only): their parts answer as they do then.
 */
export const integrationsAccess: AccessTable = {
  'GET /api/integrations': signedIn,
  // Browser navigations that answer with redirects; without Google set up, every caller is told so.
  'GET /gc/config': everyCaller(409),
  'GET /gc/callback': everyCaller(409),
  // About the caller's own Google link.
  'POST /api/gcinfo': signedIn,
  // Access is checked before the set-up: only the course's instructor learns Google is not set up.
  'POST /api/gcsubmit': { ...courseInstructors, instructor: 409 },
  'POST /api/fastspring-test-orders': courseStudents,
  // The matrix's order is the course student's own.
  'POST /api/fastspringpurchase': courseStudents,
  // Server to server: the signature is the permission; without FastSpring set up it does not exist.
  'POST /api/fastspring/webhook': everyCaller(404),
};
