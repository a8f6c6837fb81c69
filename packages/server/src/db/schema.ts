import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Booleans are stored as 0/1 integers and
 * times as epoch seconds so that SQLite and PostgreSQL read the same.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  timezones: TimezonesTable;
  schools: SchoolsTable;
  academic_terms: AcademicTermsTable;
}

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  user_type: number;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  gender: string | null;
  school: string | null;
  phone_number: string | null;
  timezone_id: number;
  language: string;
  will_receive_marketing_emails: number;
  will_receive_notification_emails: number;
  created_at: number;
  updated_at: number;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface OneTimeTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;

export interface SignInAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: number;
}

export interface TimezonesTable {
  id: Generated<number>;
  name: string;
}

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface AcademicTermsTable {
  id: Generated<number>;
  name: string;
  weight: number;
}
