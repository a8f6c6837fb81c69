import type { CurrentUser } from '@app/contract/users';

/** A signed-in student with no courses; tests change what they need. */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    uuid: 'u-7',
    user_type: 1,
    first_name: 'Nadia',
    last_name: 'Boulanger',
    email: 'nadia@example.com',
    gender: null,
    school: null,
    phone_number: null,
    timezone: 1,
    timezone_name: 'UTC',
    language: 'en',
    will_receive_marketing_emails: false,
    will_receive_notification_emails: true,
    has_pending_teacher_account_request: false,
    course_instructors: [],
    course_students: [],
    course_tas: [],
    invitations: [],
    enrollment_requests: [],
    pending_email: null,
    ...overrides,
  };
}
