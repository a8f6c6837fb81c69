import { type AccessTable, anyone, courseInstructors, everyCaller, signedIn } from '../../http/access.ts';

/**
 * Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). The matrix
 * world registers no LTI platform and no LMS course: the login and launch answer every caller
 * alike, and no caller is an instructor of an LMS course there.
 */
export const ltiAccess: AccessTable = {
  // Public by nature: the platform fetches them.
  'GET /lti/jwks': anyone,
  'GET /lti/config.json': anyone,
  // The script of the pages the login and launch answer inside an LMS frame.
  'GET /lti/frame.js': anyone,
  // From the LMS, with or without a session here: an unknown issuer is refused alike.
  'GET /lti/login': everyCaller(401),
  'POST /lti/login': everyCaller(401),
  // No login state was started: refused alike.
  'POST /lti/launch': everyCaller(401),
  // "Sync from LMS": the course's instructors; the matrix's course is not linked to an LMS course, so the sync is a 409.
  'GET /api/courses/:courseId/lms-roster': courseInstructors,
  'POST /api/courses/:courseId/lms-roster': { ...courseInstructors, instructor: 409 },
  // Dynamic Registration: the one-time key in the path is the authority; the matrix has none.
  'GET /api/lti/registrations/:key': everyCaller(404),
  'POST /api/lti/registrations/:key': everyCaller(404),
  // Only people an LMS launch made members of the LMS course see or link it; nobody in the matrix.
  'GET /api/lti/contexts/:contextId': {
    ...signedIn,
    stranger: 404,
    outsideStudent: 404,
    student: 404,
    ta: 404,
    outsideInstructor: 404,
    instructor: 404,
  },
  // A deep-linking request is its launcher's own; the matrix has none.
  'POST /api/lti/deep-links/:key': {
    ...signedIn,
    stranger: 404,
    outsideStudent: 404,
    student: 404,
    ta: 404,
    outsideInstructor: 404,
    instructor: 404,
  },
  'POST /api/lti/contexts/:contextId/course': {
    ...signedIn,
    stranger: 404,
    outsideStudent: 404,
    student: 404,
    ta: 404,
    outsideInstructor: 404,
    instructor: 404,
  },
  'POST /api/lti/contexts/:contextId/link': {
    ...signedIn,
    stranger: 404,
    outsideStudent: 404,
    student: 404,
    ta: 404,
    outsideInstructor: 404,
    instructor: 404,
  },
};
