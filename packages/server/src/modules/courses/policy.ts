import type { CourseAbilities } from '@app/contract/courses';
import { hasInstructorAccount } from '../../access/account.ts';
import { type CourseAccess, meetsNeed } from '../../access/course-access.ts';
import type { Actor } from '../../http/actor.ts';

const isInstructor = (a: CourseAccess) => meetsNeed(a.role, 'instruct');

/** Only instructor accounts create (and duplicate into) courses. */
export const canCreateCourse = (actor: Actor) => hasInstructorAccount(actor);
/** Instructors edit settings while the course is PLANNING or ACTIVE; TAs only read. */
export const canEditCourse = (a: CourseAccess) => isInstructor(a) && a.status !== 'ENDED';
/** Only an instructor activates, and only a PLANNING course. */
export const canActivateCourse = (a: CourseAccess) => isInstructor(a) && a.status === 'PLANNING';
/** Anyone may archive their own view of a course that is not ACTIVE. */
export const canArchiveCourse = (a: CourseAccess) => !a.archived && a.status !== 'ACTIVE';
export const canUnarchiveCourse = (a: CourseAccess) => a.archived;
/** A copy is a new course: the course's instructor, with an instructor account (as for creating one; issue 26). */
export const canDuplicateCourse = (a: CourseAccess, instructorAccount: boolean) => isInstructor(a) && instructorAccount;
/** Deleting is for a PLANNING course, or one the instructor archived after it ENDED. */
export const canDeleteCourse = (a: CourseAccess) => isInstructor(a) && (a.status === 'PLANNING' || (a.archived && a.status === 'ENDED'));
export const canManagePeople = (a: CourseAccess) => isInstructor(a);
/** Instructors and TAs see the instructor screens of a course. */
export const canTeachCourse = (a: CourseAccess) => meetsNeed(a.role, 'teach');

/**
 * The `can` flags sent with every course, so the web app never re-derives a rule.
 * `instructorAccount`: the viewer's account may create courses (`isInstructorAccount`).
 */
export function courseAbilities(a: CourseAccess, instructorAccount: boolean): CourseAbilities {
  return {
    view_info: true,
    edit_settings: canEditCourse(a),
    activate: canActivateCourse(a),
    archive: canArchiveCourse(a),
    unarchive: canUnarchiveCourse(a),
    duplicate: canDuplicateCourse(a, instructorAccount),
    delete: canDeleteCourse(a),
    manage_people: canManagePeople(a),
    view_grade_book: true,
  };
}
