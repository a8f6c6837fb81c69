import { randomUUID } from 'node:crypto';
import { Messages } from '@app/contract/errors';
import type { CurrentUser, LanguageCode, UpdateUserRequest } from '@app/contract/users';
import type { Db } from '../../db/database.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import type { SessionLookup } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { hashSecret, newSecret } from '../../lib/random.ts';
import { queueMail } from '../../mail/mail-job.ts';
import { accountMail, emailChangeNotice } from '../../mail/templates.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import { presentCurrentUser, presentUser } from './present.ts';
import {
  findTimezoneId,
  findUserByEmail,
  findUserById,
  findUserIdsByEmails,
  insertUser,
  insertUsers,
  readDashboardWithSession,
  timezoneExists,
  updateUser,
} from './repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;
export type { UserWithTimezone } from './repository.ts';

// How long the link that confirms a new e-mail address works.
const EMAIL_CHANGE_SECONDS = 24 * 3600;

/** What an administrator gives to create an account; already validated by the CLI. */
export type NewAccount = {
  email: string;
  first_name: string;
  last_name: string;
  user_type: 1 | 2;
  /** Without one, the account has no password until the user follows a create-password link. */
  password?: string;
  language: LanguageCode;
  /** An IANA time zone name such as America/New_York. */
  timezone: string;
};

/** The signed-in user's own account: what GET and PUT /api/users do. */
export function createUsersService(deps: Deps, collaborators: { auth: () => AuthService }) {
  const { db, clock, config } = deps;
  // A getter: the auth service is built from this one (it reads and writes accounts through it).
  const auth = () => collaborators.auth();

  /**
   * A new address takes effect only once a link sent to it is followed, and the old address is
   * told: otherwise whoever holds a session and the password could move the account (and the
   * invitations matched by its address) to an address of their own without its owner knowing.
   */
  async function requestEmailChange(actor: Actor, newEmail: string) {
    const now = clock.now();
    const token = newSecret();
    const language = actor.user.language;
    const link = `${config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await db.transaction().execute(async (trx) => {
      await auth().issueEmailChangeToken(trx, {
        tokenHash: hashSecret(token),
        userId: actor.user.id,
        now,
        expiresAt: now + EMAIL_CHANGE_SECONDS,
        newEmail,
      });
      await queueMail(
        deps,
        trx,
        accountMail('confirm-email', language, newEmail, actor.user.first_name, link),
        emailChangeNotice(language, actor.user.email, actor.user.first_name, newEmail),
      );
    });
  }

  return {
    // Accounts for other modules (auth, teacher requests), in the caller's transaction where given.
    /** The account with this e-mail (compared in lower case). */
    findAccountByEmail: (email: string, trx: Db = db) => findUserByEmail(trx, email),
    /** The account with this id. */
    findAccountById: (id: number, trx: Db = db) => findUserById(trx, id),
    /** The ids of the accounts holding these (lower-case) addresses, by address, in one statement (the LMS roster sync). */
    findAccountIdsByEmail: (emails: readonly string[], trx: Db = db) => findUserIdsByEmails(trx, emails),
    /** Inserts an account; returns its id. */
    insertAccount: (trx: Db, values: NewUser) => insertUser(trx, values),
    /** Inserts accounts in one statement; their ids by uuid (the LMS roster sync). */
    insertAccounts: (trx: Db, values: readonly NewUser[]) => insertUsers(trx, values),
    /** Changes columns of an account. */
    updateAccount: (trx: Db, id: number, changes: UserUpdate) => updateUser(trx, id, changes),
    /** The id of an IANA time zone name. */
    timezoneId: (name: string) => findTimezoneId(db, name),

    /**
     * The user and their course lists, each in the user's own order. One statement finds the
     * session, the user and all the lists (issue 15, decision 028).
     */
    async current(session: SessionLookup): Promise<CurrentUser> {
      const { actor, found } = await session.resolve(await readDashboardWithSession(db, deps.dialect, session.key));
      return presentCurrentUser(actor.user, found.dashboard, session.key.now);
    },

    /**
     * Follows an e-mail change link (no session needed: the link proves the new address). The
     * address must still be free; pending invitations now match it.
     */
    async confirmEmail(token: string): Promise<{ email: string }> {
      const now = clock.now();
      const change = await auth().consumeEmailChange(hashSecret(token), now);
      if (!change) throw new AppError('invalid_link', Messages.invalidLink, 400);
      if (await findUserByEmail(db, change.newEmail)) throw AppError.badRequest('email', Messages.emailTaken);
      try {
        await updateUser(db, change.userId, { email: change.newEmail, updated_at: now });
      } catch (error) {
        // Two accounts racing for one address: the unique index decides.
        if (await findUserByEmail(db, change.newEmail)) throw AppError.badRequest('email', Messages.emailTaken);
        throw error;
      }
      await auth().retireEmailChangeTokens(change.userId, now);
      return { email: change.newEmail };
    },

    /** Creates an account for the admin CLI (no actor: only an administrator runs it). */
    async createAccount(input: NewAccount) {
      if (await findUserByEmail(db, input.email)) throw AppError.badRequest('email', Messages.emailTaken);
      const timezoneId = await findTimezoneId(db, input.timezone);
      if (timezoneId === undefined) throw AppError.badRequest('timezone', Messages.timezoneUnknown);
      const now = clock.now();
      const id = await insertUser(db, {
        uuid: randomUUID(),
        user_type: input.user_type,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        password_hash: input.password ? await hashPassword(input.password) : null,
        gender: null,
        school: null,
        phone_number: null,
        timezone_id: timezoneId,
        language: input.language,
        will_receive_marketing_emails: 0,
        will_receive_notification_emails: 1,
        created_at: now,
        updated_at: now,
      });
      const user = await findUserById(db, id);
      if (!user) throw new Error(`account ${id} vanished after creation`);
      return presentUser(user);
    },

    /**
     * Applies profile changes. A new e-mail needs the current password and a free address, and
     * waits for the link mailed to it (`pending_email` until then).
     */
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
        if (!(await timezoneExists(db, input.timezone))) throw AppError.badRequest('timezone', Messages.timezoneUnknown);
        changes.timezone_id = input.timezone;
      }
      if (input.email !== undefined && input.email !== actor.user.email) {
        if (!input.current_password) throw AppError.badRequest('current_password', Messages.currentPasswordRequired);
        if (!(await verifyPassword(actor.user.password_hash, input.current_password))) {
          throw AppError.badRequest('current_password', Messages.currentPasswordWrong);
        }
        if (await findUserByEmail(db, input.email)) throw AppError.badRequest('email', Messages.emailTaken);
        await requestEmailChange(actor, input.email);
      }
      if (Object.keys(changes).length > 0) await updateUser(db, actor.user.id, { ...changes, updated_at: clock.now() });
      const user = await findUserById(db, actor.user.id);
      if (!user) throw AppError.unauthenticated();
      return presentUser(user);
    },
  };
}
