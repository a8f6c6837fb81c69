import { Messages } from '@app/contract/errors';
import type { CurrentUser, UpdateUserRequest } from '@app/contract/users';
import type { UserUpdate } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { presentUser } from './present.ts';
import { findUserByEmail, findUserById, timezoneExists, updateUser } from './repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/** The signed-in user's own account: what GET and PUT /api/users do. */
export function createUsersService(deps: Deps) {
  const { db, clock } = deps;
  return {
    /** The user and their course lists (the course issues fill the lists). */
    async current(actor: Actor): Promise<CurrentUser> {
      return {
        ...presentUser(actor.user),
        course_instructors: [],
        course_students: [],
        course_tas: [],
        invitations: [],
        enrollment_requests: [],
      };
    },

    /** Applies profile changes; a new e-mail needs the current password and a free address. */
    async update(actor: Actor, input: UpdateUserRequest) {
      const changes: UserUpdate = {};
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.language !== undefined) changes.language = input.language;
      if (input.will_receive_marketing_emails !== undefined)
        changes.will_receive_marketing_emails = input.will_receive_marketing_emails ? 1 : 0;
      if (input.will_receive_notification_emails !== undefined) {
        changes.will_receive_notification_emails = input.will_receive_notification_emails ? 1 : 0;
      }
      if (input.timezone !== undefined) {
        if (!(await timezoneExists(db, input.timezone))) throw AppError.badRequest('timezone', 'This time zone does not exist.');
        changes.timezone_id = input.timezone;
      }
      if (input.email !== undefined && input.email !== actor.user.email) {
        if (!input.current_password) throw AppError.badRequest('current_password', Messages.currentPasswordRequired);
        if (!(await verifyPassword(actor.user.password_hash, input.current_password))) {
          throw AppError.badRequest('current_password', Messages.currentPasswordWrong);
        }
        if (await findUserByEmail(db, input.email)) throw AppError.badRequest('email', Messages.emailTaken);
        changes.email = input.email;
      }
      if (Object.keys(changes).length > 0) {
        try {
          await updateUser(db, actor.user.id, { ...changes, updated_at: clock.now() });
        } catch (error) {
          if (changes.email && (await findUserByEmail(db, changes.email))) throw AppError.badRequest('email', Messages.emailTaken);
          throw error;
        }
      }
      const user = await findUserById(db, actor.user.id);
      if (!user) throw AppError.unauthenticated();
      return presentUser(user);
    },
  };
}
