import type { LanguageCode, User } from '@app/contract/users';
import type { UserWithTimezone } from './repository.ts';

/** The public shape of a user: never the password hash. */
export function presentUser(row: UserWithTimezone): User {
  return {
    id: row.id,
    uuid: row.uuid,
    user_type: row.user_type === 2 ? 2 : 1,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    gender: row.gender,
    school: row.school,
    phone_number: row.phone_number,
    timezone: row.timezone_id,
    timezone_name: row.timezone_name,
    language: row.language as LanguageCode,
    will_receive_marketing_emails: row.will_receive_marketing_emails === 1,
    will_receive_notification_emails: row.will_receive_notification_emails === 1,
    has_pending_teacher_account_request: row.has_pending_teacher_account_request,
  };
}
