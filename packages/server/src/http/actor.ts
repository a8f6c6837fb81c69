import type { SessionRow } from '../db/schema.ts';
import type { UserWithTimezone } from '../modules/users/repository.ts';

/** Who is making the request: the signed-in user (with their time zone), the session, and its token. */
export type Actor = { user: UserWithTimezone; session: SessionRow; token: string };
