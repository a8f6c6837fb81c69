// The bench's users, written straight into the database (as the demo seed does): one row shape for
// every benchmark that needs an instructor or students (dashboard, media, grade book).
import type { NewUser } from '../packages/server/src/db/schema.ts';
import { hashPassword } from '../packages/server/src/modules/auth/passwords.ts';

export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'BenchPass123';

/** A user row: `password_hash` null for users who never sign in (the grade book's students). */
export function benchUser(values: {
  email: string;
  first_name: string;
  last_name: string;
  user_type: NewUser['user_type'];
  password_hash: string | null;
  now: number;
}): NewUser {
  const { now, ...named } = values;
  return {
    uuid: `bench-${values.email}`,
    ...named,
    gender: null,
    school: null,
    phone_number: null,
    timezone_id: 1,
    language: 'en',
    will_receive_marketing_emails: 0,
    will_receive_notification_emails: 0,
    created_at: now,
    updated_at: now,
  };
}

/** The bench instructor who signs in with BENCH_EMAIL and BENCH_PASSWORD. */
export async function benchInstructor(now: number): Promise<NewUser> {
  const row = benchUser({
    email: BENCH_EMAIL,
    first_name: 'Bench',
    last_name: 'Instructor',
    user_type: 2,
    password_hash: await hashPassword(BENCH_PASSWORD),
    now,
  });
  return { ...row, uuid: 'bench-instructor' };
}
