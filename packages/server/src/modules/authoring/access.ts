import { type AccessTable, courseInstructors, signedIn } from '../../http/access.ts';

/** Who may call the routes of `routes.ts` (checked by test/access-matrix.test.ts). */
export const authoringAccess: AccessTable = {
  // A draft is made for one course (its spelling of the cadential six-four and Neapolitan).
  'POST /api/exercise-drafts': courseInstructors,
  // A draft belongs to the instructor who uploaded it: anyone else is told it does not exist.
  'POST /api/exercise-drafts/:id/exercise': {
    ...signedIn,
    stranger: 404,
    outsideStudent: 404,
    student: 404,
    ta: 404,
    outsideInstructor: 404,
  },
};
