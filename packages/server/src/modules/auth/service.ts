import { randomUUID } from 'node:crypto';
import { Messages } from '@app/contract/errors';
import type { PasswordRequest, SignUpRequest } from '@app/contract/users';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { authenticate, type IssuedSession } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { hashSecret, newSecret } from '../../lib/random.ts';
import { queueMail } from '../../mail/mail-job.ts';
import { accountMail } from '../../mail/templates.ts';
import type { UsersService, UserWithTimezone } from '../users/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

export type { IssuedSession } from '../../http/auth.ts';
export type RequestInfo = { ip: string; userAgent: string | null };

const HOUR = 3600;
// The e-mail change link belongs to the users module (modules/users/service.ts).
type LinkPurpose = Exclude<repo.TokenPurpose, 'change-email'>;
const TOKEN_LIFETIME: Record<LinkPurpose, number> = {
  'create-password': 48 * HOUR,
  'reset-password': HOUR,
  'sign-in': HOUR,
};
// Links that set a password: issuing or using one ends every older one of the account, so a
// forwarded or leaked earlier reset e-mail stops working.
const PASSWORD_LINKS: repo.TokenPurpose[] = ['create-password', 'reset-password'];
// A new password also ends pending e-mail changes: whoever knew the old one may have asked for them.
const ENDED_BY_NEW_PASSWORD: repo.TokenPurpose[] = [...PASSWORD_LINKS, 'change-email'];

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts and sessions: sign-up, sign-in (password or link), sliding sessions, passwords. */
export function createAuthService(deps: Deps, collaborators: { users: UsersService }) {
  const { db, clock, config } = deps;
  const { users } = collaborators;

  async function startSession(userId: number, info: RequestInfo): Promise<IssuedSession> {
    const now = clock.now();
    const token = newSecret();
    const absoluteExpiresAt = now + config.sessionMaxSeconds;
    const expiresAt = Math.min(now + config.sessionIdleSeconds, absoluteExpiresAt);
    await repo.insertSession(db, {
      tokenHash: hashSecret(token),
      userId,
      now,
      expiresAt,
      absoluteExpiresAt,
      ip: info.ip,
      userAgent: info.userAgent?.slice(0, 512) ?? null,
    });
    return { token, expiresAt };
  }

  /** Issues a link token as part of `trx` (a transaction). */
  async function issueTokenIn(trx: Db, userId: number, purpose: LinkPurpose): Promise<string> {
    const token = newSecret();
    const now = clock.now();
    if (PASSWORD_LINKS.includes(purpose)) await repo.retireOneTimeTokens(trx, userId, PASSWORD_LINKS, now);
    await repo.insertOneTimeToken(trx, { tokenHash: hashSecret(token), userId, purpose, now, expiresAt: now + TOKEN_LIFETIME[purpose] });
    return token;
  }

  async function issueToken(userId: number, purpose: LinkPurpose): Promise<string> {
    return db.transaction().execute((trx) => issueTokenIn(trx, userId, purpose));
  }

  /** Issues a link token and queues its e-mail in one transaction (`trx`, or a new one). */
  async function mailLink(user: UserWithTimezone, kind: LinkPurpose, route: string, trx?: Db) {
    const issue = async (t: Db) => {
      const token = await issueTokenIn(t, user.id, kind);
      const link = `${config.publicUrl}${route}?token=${encodeURIComponent(token)}`;
      await queueMail(deps, t, accountMail(kind, user.language, user.email, user.first_name, link));
    };
    await (trx ? issue(trx) : db.transaction().execute(issue));
  }

  return {
    /**
     * The actor behind a bearer token (the Google link's top-level navigation carries it in the
     * URL): the same rules as every API request (http/auth.ts).
     */
    authenticate: (token: string, options: { forceSlide?: boolean; slide?: boolean } = {}) => authenticate(deps, token, options),

    /** Password sign-in, throttled per account and per address. */
    async signIn(actor: Actor | undefined, email: string, password: string, info: RequestInfo) {
      if (actor) throw new AppError('already_signed_in', Messages.alreadySignedIn, 409);
      const now = clock.now();
      const failures = await repo.countRecentFailures(db, email, info.ip, now - config.signIn.windowSeconds);
      if (failures.byEmail >= config.signIn.maxFailuresPerAccount || failures.byIp >= config.signIn.maxFailuresPerAddress) {
        throw new AppError('rate_limited', Messages.tooManyRequests, 429);
      }
      const user = await users.findAccountByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        await repo.insertFailure(db, email, info.ip, now);
        throw new AppError('invalid_credentials', Messages.invalidCredentials, 401);
      }
      await repo.clearFailures(db, email);
      return { user, session: await startSession(user.id, info) };
    },

    /** Sign-in by an e-mailed link token. */
    async signInWithToken(actor: Actor | undefined, token: string, info: RequestInfo) {
      if (actor) throw new AppError('already_signed_in', Messages.alreadySignedIn, 409);
      const userId = await repo.consumeOneTimeToken(db, hashSecret(token), ['sign-in'], clock.now());
      const user = userId === undefined ? undefined : await users.findAccountById(userId);
      if (!user) throw new AppError('invalid_link', Messages.invalidLink, 401);
      return { user, session: await startSession(user.id, info) };
    },

    /** A new session for an account another sign-in route has proven (an LTI launch, issue 28). */
    startSessionFor: (userId: number, info: RequestInfo) => startSession(userId, info),

    /** A session by id if it is still live (the Google sign-in return finds the session it started from). */
    findLiveSession: (sessionId: number, now = clock.now()) => repo.findLiveSessionById(db, sessionId, now),

    /** Ends the caller's session on the server. */
    async signOut(actor: Actor) {
      await repo.revokeSession(db, actor.session.id, clock.now());
    },

    /**
     * Creates an account without a password and mails the link to choose one.
     * A filled decoy field means a bot: it is told the same as a person and nothing is made.
     */
    async signUp(actor: Actor | undefined, input: z.output<typeof SignUpRequest>) {
      if (actor) throw new AppError('already_signed_in', Messages.alreadySignedIn, 409);
      if (input.gender || input.school || input.phone_number) {
        deps.log.warn({ email: input.email }, 'sign-up decoy field filled; ignored');
        return { email: input.email };
      }
      if (await users.findAccountByEmail(input.email)) throw AppError.badRequest('email', Messages.emailTaken);
      const now = clock.now();
      const timezoneId = (await users.timezoneId('UTC')) ?? 1;
      try {
        // The account, its create-password link and the e-mail that carries it: all or nothing.
        await db.transaction().execute(async (trx) => {
          const id = await users.insertAccount(trx, {
            uuid: randomUUID(),
            user_type: 1,
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            password_hash: null,
            gender: null,
            school: null,
            phone_number: null,
            timezone_id: timezoneId,
            language: input.language ?? 'en',
            will_receive_marketing_emails: input.will_receive_marketing_emails ? 1 : 0,
            will_receive_notification_emails: input.will_receive_notification_emails ? 1 : 0,
            created_at: now,
            updated_at: now,
          });
          const user = await users.findAccountById(id, trx);
          if (user) await mailLink(user, 'create-password', '/create-password', trx);
        });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (await users.findAccountByEmail(input.email)) throw AppError.badRequest('email', Messages.emailTaken);
        throw error;
      }
      return { email: input.email };
    },

    /** Mails a reset link when the account exists; answers the same either way. */
    async requestPasswordReset(email: string, decoy: string | undefined) {
      if (decoy) return;
      const user = await users.findAccountByEmail(email);
      if (user) await mailLink(user, 'reset-password', '/create-password');
    },

    /** Mails a one-time sign-in link (used by the admin CLI and invitations). */
    async sendSignInLink(email: string) {
      const user = await users.findAccountByEmail(email);
      if (!user) throw AppError.notFound('No account uses this e-mail address.');
      await mailLink(user, 'sign-in', '/sign-in');
    },

    /** Mails a link to choose a password to an account made without one (admin CLI). */
    async sendCreatePasswordLink(email: string) {
      const user = await users.findAccountByEmail(email);
      if (!user) throw AppError.notFound('No account uses this e-mail address.');
      await mailLink(user, 'create-password', '/create-password');
    },

    /**
     * An actor for a user without a session, for work done on their behalf by the
     * server itself (demo data, admin commands); it never reaches the HTTP layer.
     */
    async actorFor(userId: number): Promise<Actor> {
      const user = await users.findAccountById(userId);
      if (!user) throw AppError.notFound('No such user.');
      const now = clock.now();
      const session = {
        id: 0,
        token_hash: '',
        user_id: userId,
        created_at: now,
        expires_at: now,
        absolute_expires_at: now,
        revoked_at: null,
        ip: null,
        user_agent: null,
      };
      return { user, session, token: '' };
    },

    /**
     * The link that confirms a new e-mail address (the users module asks for it): ends the
     * account's older ones and stores this one, in `trx`, the transaction of the request.
     */
    async issueEmailChangeToken(trx: Db, values: { userId: number; tokenHash: string; newEmail: string; now: number; expiresAt: number }) {
      await repo.retireOneTimeTokens(trx, values.userId, ['change-email'], values.now);
      await repo.insertOneTimeToken(trx, { ...values, purpose: 'change-email' });
    },

    /** Uses an e-mail change link once: the account and the address it asked for, if it is live. */
    consumeEmailChange: (tokenHash: string, now: number) => repo.consumeEmailChange(db, tokenHash, now),

    /** Ends an account's open e-mail change links. */
    retireEmailChangeTokens: (userId: number, now: number) => repo.retireOneTimeTokens(db, userId, ['change-email'], now),

    /** Issues a sign-in link token without mailing it (tests, CLI). */
    issueSignInToken: (userId: number) => issueToken(userId, 'sign-in'),

    /**
     * Sets a password. With a link token it creates or resets the password and signs
     * the user in; otherwise the signed-in user changes it with their current one.
     */
    async setPassword(actor: Actor | undefined, input: PasswordRequest, info: RequestInfo) {
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      if (input.token) {
        const userId = await repo.consumeOneTimeToken(db, hashSecret(input.token), PASSWORD_LINKS, now);
        const user = userId === undefined ? undefined : await users.findAccountById(userId);
        if (!user) throw new AppError('invalid_link', Messages.invalidLink, 401);
        await users.updateAccount(db, user.id, { password_hash: passwordHash, updated_at: now });
        await repo.retireOneTimeTokens(db, user.id, ENDED_BY_NEW_PASSWORD, now);
        await repo.revokeUserSessions(db, user.id, now);
        return { user, session: await startSession(user.id, info) };
      }
      if (!actor) throw AppError.unauthenticated();
      if (!input.current_password) throw AppError.badRequest('current_password', Messages.currentPasswordRequired);
      if (!(await verifyPassword(actor.user.password_hash, input.current_password))) {
        throw AppError.badRequest('current_password', Messages.currentPasswordWrong);
      }
      await users.updateAccount(db, actor.user.id, { password_hash: passwordHash, updated_at: now });
      await repo.retireOneTimeTokens(db, actor.user.id, ENDED_BY_NEW_PASSWORD, now);
      await repo.revokeUserSessions(db, actor.user.id, now, actor.session.id);
      return { user: actor.user, session: undefined };
    },

    /** Removes what has expired; run periodically. */
    sweep: () => repo.sweepExpired(db, clock.now(), config.signIn.windowSeconds),
  };
}
