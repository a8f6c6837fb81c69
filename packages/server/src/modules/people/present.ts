import type { CourseRole } from '@app/contract/courses';
import type { CourseInvitation, EnrollmentRequest, EnrollmentStatus } from '@app/contract/people';

/** The columns of an invitation row (with its course) that its API shape is made of. */
export type PresentableInvitation = {
  id: number;
  course_id: number;
  invitee_email: string;
  join_as: CourseRole;
  state: CourseInvitation['state'];
  created_at: number;
  expires_at: number;
  title: string;
  start_date: number;
  end_date: number;
  school: string | null;
};

/** The columns of an enrollment request row (with its student and course) that its API shape is made of. */
export type PresentableRequest = {
  id: number;
  course_id: number;
  student_id: number;
  status: string;
  created_at: number;
  first_name: string;
  last_name: string;
  email: string;
  title: string;
  start_date: number;
  end_date: number;
  school: string | null;
};

/** The API shape of an invitation. */
export function presentInvitation(row: PresentableInvitation): CourseInvitation {
  const role = row.join_as;
  return {
    id: row.id,
    invitee_email: row.invitee_email,
    join_as: role,
    role,
    state: row.state,
    created_at: row.created_at,
    expires_at: row.expires_at,
    course_info: {
      id: row.course_id,
      title: row.title,
      start_date: row.start_date,
      end_date: row.end_date,
      school: { school: row.school },
    },
  };
}

/** The API shape of an enrollment request. */
export function presentRequest(row: PresentableRequest): EnrollmentRequest {
  return {
    id: row.id,
    status: row.status as EnrollmentStatus,
    created_at: row.created_at,
    student: { id: row.student_id, first_name: row.first_name, last_name: row.last_name, email: row.email },
    course: { id: row.course_id, title: row.title, start_date: row.start_date, end_date: row.end_date, school: { school: row.school } },
  };
}
