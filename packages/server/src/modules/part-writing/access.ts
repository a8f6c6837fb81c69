import { type AccessTable, courseInstructors, signedIn } from '../../http/access.ts';

/**
 * Who may call the routes of `routes.ts`: instructor accounts and anyone who is a TA (or
 * instructor) of some course; students are refused. Not about one course: the outside instructor
 * may check too.
 */
export const partWritingAccess: AccessTable = {
  'POST /api/part-writing/check': { ...signedIn, stranger: 403, outsideStudent: 403, student: 403 },
  // Create Exercise: a course's instructors; the exercise goes into a set by the set's own rules (as an upload).
  'POST /api/exercise-drafts/part-writing': courseInstructors,
  'POST /api/part-writing/exercises': courseInstructors,
};
