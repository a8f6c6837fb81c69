import type { CourseAbilities, CourseRole, CourseStatus } from '@app/contract/courses';

export type CourseAccess = { role: CourseRole; status: CourseStatus; archived: boolean };

const isInstructor = (a: CourseAccess) => a.role === 'instructor';

/** Instructors edit settings while the course is PLANNING or ACTIVE; TAs only read. */
export const canEditCourse = (a: CourseAccess) => isInstructor(a) && a.status !== 'ENDED';
/** Only an instructor activates, and only a PLANNING course. */
export const canActivateCourse = (a: CourseAccess) => isInstructor(a) && a.status === 'PLANNING';
/** Anyone may archive their own view of a course that is not ACTIVE. */
export const canArchiveCourse = (a: CourseAccess) => !a.archived && a.status !== 'ACTIVE';
export const canUnarchiveCourse = (a: CourseAccess) => a.archived;
export const canDuplicateCourse = (a: CourseAccess) => isInstructor(a);
/** Deleting is for a PLANNING course, or one the instructor archived after it ENDED. */
export const canDeleteCourse = (a: CourseAccess) => isInstructor(a) && (a.status === 'PLANNING' || (a.archived && a.status === 'ENDED'));
export const canManagePeople = (a: CourseAccess) => isInstructor(a);
/** Instructors and TAs see the instructor screens of a course. */
export const canTeachCourse = (a: CourseAccess) => a.role === 'instructor' || a.role === 'ta';

/** The `can` flags sent with every course, so the web app never re-derives a rule. */
export function courseAbilities(a: CourseAccess): CourseAbilities {
  return {
    view_info: true,
    edit_settings: canEditCourse(a),
    activate: canActivateCourse(a),
    archive: canArchiveCourse(a),
    unarchive: canUnarchiveCourse(a),
    duplicate: canDuplicateCourse(a),
    delete: canDeleteCourse(a),
    manage_people: canManagePeople(a),
    view_grade_book: true,
  };
}
