import type { Course } from '@app/contract/courses';

type CourseRef = Pick<Course, 'id' | 'user_course_role'>;

/** Students see a course under /student/course/{id}; instructors and TAs under /course/{id} (spec §2). */
export const isStudentOf = (course: Pick<Course, 'user_course_role'>) => course.user_course_role === 'student';

export function courseInfoPath(course: CourseRef): string {
  return isStudentOf(course) ? `/student/course/${course.id}/info` : `/course/${course.id}/info`;
}

/**
 * Where a card's title leads (spec §2): the assignment sets at /course/{id} for instructors and TAs,
 * the student grade book at /student/course/{id} for students.
 */
export function courseHomePath(course: CourseRef): string {
  return isStudentOf(course) ? `/student/course/${course.id}` : `/course/${course.id}`;
}

/** The grade book (spec §2): /course/{id}/grade-book for instructors and TAs; students' is their course page. */
export function courseGradeBookPath(course: CourseRef): string {
  return isStudentOf(course) ? `/student/course/${course.id}` : `/course/${course.id}/grade-book`;
}

export function courseSettingsPath(courseId: number, hash?: 'course_created'): string {
  return `/course/${courseId}/settings${hash ? `#${hash}` : ''}`;
}
