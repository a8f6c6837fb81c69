import type { Course, CourseRole } from '@app/contract/courses';
import type { CurrentUser, User } from '@app/contract/users';
import { isInstructorAccount } from '../../access/account.ts';
import { presentCourse } from '../courses/present.ts';
import { presentInvitation, presentRequest } from '../people/present.ts';
import type { Dashboard, UserWithTimezone } from './repository.ts';

/** The public shape of a user: never the password hash. */
export function presentUser(row: UserWithTimezone): User {
  return {
    id: row.id,
    uuid: row.uuid,
    user_type: row.user_type,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    gender: row.gender,
    school: row.school,
    phone_number: row.phone_number,
    timezone: row.timezone_id,
    timezone_name: row.timezone_name,
    language: row.language,
    will_receive_marketing_emails: row.will_receive_marketing_emails === 1,
    will_receive_notification_emails: row.will_receive_notification_emails === 1,
    has_pending_teacher_account_request: row.has_pending_teacher_account_request,
  };
}

/** GET /api/users: the user, their courses by role (each in the user's order), invitations, requests. */
export function presentCurrentUser(user: UserWithTimezone, dashboard: Dashboard, now: number): CurrentUser {
  const instructors = new Map<number, { first_name: string; last_name: string }[]>();
  for (const { course_id, first_name, last_name } of dashboard.instructors) {
    const names = instructors.get(course_id);
    if (names) names.push({ first_name, last_name });
    else instructors.set(course_id, [{ first_name, last_name }]);
  }
  const courses: Record<CourseRole, Course[]> = { instructor: [], ta: [], student: [] };
  const instructorAccount = isInstructorAccount(user);
  for (const row of dashboard.courses) courses[row.role].push(presentCourse(row, instructors.get(row.id) ?? [], now, instructorAccount));
  return {
    ...presentUser(user),
    course_instructors: courses.instructor,
    course_students: courses.student,
    course_tas: courses.ta,
    invitations: dashboard.invitations.map(presentInvitation),
    enrollment_requests: dashboard.requests.map(presentRequest),
    pending_email: dashboard.pendingEmail,
  };
}
