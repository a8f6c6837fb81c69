import { type AccessTable, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts`: student accounts ask; instructors already are (403). */
export const teacherRequestsAccess: AccessTable = {
  'POST /api/teacher-account-requests': { ...signedIn, outsideInstructor: 403, instructor: 403 },
};
