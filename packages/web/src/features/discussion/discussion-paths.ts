import type { Course } from '@app/contract/courses';

/**
 * The board of a course under the caller's own course pages (spec §2): /course/{id}/discussion
 * for instructors and TAs, /student/course/{id}/discussion for students; a thread below it.
 */
export function discussionPath(course: Pick<Course, 'id' | 'user_course_role'>, threadId?: number): string {
  const base = course.user_course_role === 'student' ? `/student/course/${course.id}/discussion` : `/course/${course.id}/discussion`;
  return threadId === undefined ? base : `${base}/${threadId}`;
}
