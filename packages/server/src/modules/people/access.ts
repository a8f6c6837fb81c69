import { type AccessTable, courseInstructors, courseTeachers, everyCaller, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const peopleAccess: AccessTable = {
  'GET /api/courses/:id/students': courseTeachers,
  'GET /api/courses/:id/tas': courseTeachers,
  'GET /api/courses/:id/instructors': courseTeachers,
  'DELETE /api/courses/:id/students/:userId': courseInstructors,
  'DELETE /api/courses/:id/tas/:userId': courseInstructors,
  'DELETE /api/courses/:id/instructors/:userId': courseInstructors,
  'POST /api/course-invitations': courseInstructors,
  'GET /api/courses/:id/course-invitations': courseTeachers,
  // Whoever holds the e-mailed link may look at it and answer it (the matrix declines).
  'GET /api/course-invitations/:token': signedIn,
  'PATCH /api/course-invitations/:idOrToken': signedIn,
  'DELETE /api/course-invitations/:id': courseInstructors,
  // The caller's own requests; members of the course cannot ask to join it again (409).
  'GET /api/course-enrollment-requests': signedIn,
  'POST /api/course-enrollment-requests': { ...signedIn, student: 409, ta: 409, instructor: 409 },
  // Only the person who asked withdraws a request (the matrix's is the stranger's).
  'DELETE /api/course-enrollment-requests/:id': { ...everyCaller(404), anonymous: 401, stranger: 'ok' },
  'GET /api/courses/:id/course-enrollment-requests': courseTeachers,
  // Set-based: requests of courses the caller does not teach are not found.
  'POST /api/course-enrollment-admissions': { ...courseInstructors, student: 404, ta: 404 },
  'POST /api/course-enrollment-rejections': { ...courseInstructors, student: 404, ta: 404 },
};
