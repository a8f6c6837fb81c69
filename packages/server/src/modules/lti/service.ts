import { randomUUID } from 'node:crypto';
import type { CourseRole } from '@app/contract/courses';
import type { DeepLinkChoice, LmsRosterStatus } from '@app/contract/lti';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { LtiPlatformRow, NewUser } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import type { IssuedSession } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { hashSecret, newSecret } from '../../lib/random.ts';
import type { AssignmentsService } from '../assignments/service.ts';
import type { AuthService, RequestInfo } from '../auth/service.ts';
import type { CoursesService } from '../courses/service.ts';
import type { UsersService } from '../users/service.ts';
import { recordAgsEndpoint } from './ags.ts';
import { planLineItem, registerLineItemJob } from './line-items.ts';
import { fetchRoster, type RosterMember, recordNrpsEndpoint } from './nrps.ts';
import {
  accountTypeOf,
  contextLinkRefusal,
  courseRoleFromLti,
  deepLinkRefusal,
  documentResourceLink,
  emailMayLink,
  LAUNCH_MESSAGE_TYPES,
  LTI_LIMITS,
  LTI_VERSION,
  LtiMessages,
  landingPath,
  platformOrigins,
  platformUrlRefusal,
  readDeepLinkSettings,
  readOpenIdConfiguration,
  readRegistrationResponse,
  resourceLinkOf,
  setResourceLink,
  targetOnSite,
  toolRegistration,
  unlinkedLaunch,
} from './policy.ts';
import { presentRosterSync } from './present.ts';
import * as repo from './repository.ts';
import { ROSTER_SYNC_JOB, registerRosterSyncJob } from './roster-job.ts';
import { currentToolKey, makeToolKey } from './tool-keys.ts';

/** How long a login initiation waits for its launch. */
export const LOGIN_STATE_SECONDS = 600;
/** The launch's browser cookie: its name starts with this, followed by the state's first characters. */
export const LOGIN_COOKIE_PREFIX = 'lti_login_';
/**
 * How long a rotated key stays in the JWKS: the longest life of a token the tool signs (deep
 * linking responses and client assertions live at most an hour) plus a margin.
 */
export const KEY_GRACE_SECONDS = 2 * 3600;
/** The longest course title (the contract's). */
const COURSE_TITLE_MAX = 200;
/** An id_token older than this (by its iat) is refused. */
const MAX_TOKEN_AGE_SECONDS = 600;
/**
 * After fetching a platform's key set, how long before an unknown kid may fetch it again (a
 * platform that rotates its key is followed within this; a flood of made-up kids is not).
 */
const JWKS_COOLDOWN_MS = 5000;
/** Clock skew allowed between the platform and this server. */
const CLOCK_TOLERANCE_SECONDS = 5;

export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  jwks: '/lti/jwks',
  config: '/lti/config.json',
  deepLink: '/lti/launch',
} as const;

export type PlatformInput = {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  emailsVerified: boolean;
};

type LtiClaims = JWTPayload & {
  nonce?: unknown;
  azp?: unknown;
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/message_type'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/version'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/deployment_id'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/target_link_uri'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/roles'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/context'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/custom'?: unknown;
  'https://purl.imsglobal.org/spec/lti/claim/resource_link'?: unknown;
};

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
/** How long a deep-linking request waits for the instructor's choice. */
const DEEP_LINK_SECONDS = 3600;
/** How long the signed deep-linking response is valid. */
const RESPONSE_SECONDS = 300;
/**
 * How many roster members a sync writes with one set of statements (syncRosterBatch): well within
 * both engines' limits on a statement's parameters (a new account has 15 columns).
 */
const ROSTER_BATCH = 500;
/** How long a Dynamic Registration URL of the admin CLI stays usable, by default. */
export const REGISTRATION_KEY_HOURS = 24;
/** How long the tool waits for a platform's configuration or registration endpoint. */
const PLATFORM_HTTP_TIMEOUT_MS = 10_000;
/** A storage target as the platform named it: a frame name, or `_parent`. */
const storageTargetOf = (value: string | undefined) => (value && /^[\w.-]{1,200}$/.test(value) ? value : null);
const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
/** A claimed value no longer than `max` (the column that keeps it), else undefined. */
const within = (value: string | undefined, max: number) => (value !== undefined && value.length <= max ? value : undefined);

/** LTI 1.3 tool (issue 28, decision 038): registrations, keys, OIDC login, launch. */
export function createLtiService(
  deps: Deps,
  collaborators: { auth: AuthService; users: UsersService; courses: CoursesService; assignments: AssignmentsService },
) {
  const { db, clock, config } = deps;
  const { auth, users, courses, assignments } = collaborators;
  // One remote key set per JWKS URL: jose caches the keys and fetches again for an unknown kid.
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keySet = (url: string) => {
    let set = keySets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60 * 1000, cooldownDuration: JWKS_COOLDOWN_MS, timeoutDuration: 5000 });
      keySets.set(url, set);
    }
    return set;
  };

  const urlError = (field: string, what: string, value: string) => {
    const refusal = platformUrlRefusal(value, config.mode);
    if (!refusal) return undefined;
    return AppError.badRequest(field, refusal === 'too_long' ? LtiMessages.platformUrlLength(what) : LtiMessages.platformUrl(what));
  };
  function checkUrls(input: Partial<Pick<PlatformInput, 'authUrl' | 'tokenUrl' | 'jwksUrl'>>) {
    const checks: [string, string, string | undefined][] = [
      ['auth_url', 'authorisation URL', input.authUrl],
      ['token_url', 'token URL', input.tokenUrl],
      ['jwks_url', 'key set URL', input.jwksUrl],
    ];
    for (const [field, what, value] of checks) {
      const error = value === undefined ? undefined : urlError(field, what, value);
      if (error) throw error;
    }
  }

  /** The current signing key, made on first use (`tool-keys.ts`, shared with the AGS token client). */
  const currentKey = () => currentToolKey({ db, clock });
  const makeKey = () => makeToolKey({ db, clock });

  /**
   * The account a first launch (or a roster) brings, without a password (the LMS signs the person
   * in), with the e-mail address `email` if it is free, else an address of its own that mails nobody.
   */
  function accountValues(
    person: { given_name?: unknown; family_name?: unknown; name?: unknown },
    role: CourseRole | undefined,
    email: string | undefined,
    timezoneId: number,
    now: number,
  ): NewUser {
    const given = str(person.given_name) ?? str(person.name)?.split(' ')[0] ?? 'LMS';
    const family = str(person.family_name) ?? str(person.name)?.split(' ').slice(1).join(' ') ?? 'User';
    return {
      uuid: randomUUID(),
      user_type: accountTypeOf(role),
      first_name: given.slice(0, 100),
      last_name: (family || 'User').slice(0, 100),
      email: email ?? `lti-${randomUUID()}@lti.invalid`,
      password_hash: null,
      gender: null,
      school: null,
      phone_number: null,
      timezone_id: timezoneId,
      language: 'en',
      will_receive_marketing_emails: 0,
      will_receive_notification_emails: 0,
      created_at: now,
      updated_at: now,
    };
  }

  /** Creates the account a first launch brings. */
  async function newAccount(
    trx: typeof db,
    claims: LtiClaims,
    role: CourseRole | undefined,
    email: string | undefined,
    timezoneId: number,
  ): Promise<number> {
    // The e-mail column is unique: a claimed address another account holds (unverified, so
    // not linked) is not taken; the account gets an address of its own that mails nobody.
    const free = email && !(await users.findAccountByEmail(email, trx)) ? email : undefined;
    return users.insertAccount(trx, accountValues(claims, role, free, timezoneId, clock.now()));
  }

  /**
   * One batch of a roster sync (at most ROSTER_BATCH members, in the sync's transaction), in a
   * fixed number of statements whatever its size: the links by (issuer, sub), the accounts by
   * e-mail of those not linked, the new accounts, their links, the roles in the LMS course, and the
   * course's memberships (courses.syncMembers). `seen` holds the subs and accounts synced already:
   * a person the roster names twice counts once, the repeats as skipped.
   */
  async function syncRosterBatch(
    trx: typeof db,
    batch: readonly RosterMember[],
    target: { platform: LtiPlatformRow; contextId: number; courseId: number; timezoneId: number; now: number },
    seen: { subs: Set<string>; users: Set<number> },
    counts: { added: number; updated: number; unchanged: number; skipped: number },
  ): Promise<void> {
    const { platform, now } = target;
    const wanted: { member: RosterMember; role: CourseRole }[] = [];
    for (const member of batch) {
      const role = member.active ? courseRoleFromLti(member.roles) : undefined;
      if (!role || seen.subs.has(member.user_id)) {
        counts.skipped += 1;
        continue;
      }
      wanted.push({ member, role });
      seen.subs.add(member.user_id);
    }
    if (wanted.length === 0) return;
    const linked = await repo.findLinkedUserIds(
      trx,
      platform.issuer,
      wanted.map((w) => w.member.user_id),
    );
    const unlinked = wanted.filter((w) => !linked.has(w.member.user_id));
    const emailOf = (member: RosterMember) => member.email?.toLowerCase();
    const held = await users.findAccountIdsByEmail([...new Set(unlinked.flatMap((w) => emailOf(w.member) ?? []))], trx);
    // Each member not linked: an account found by e-mail where the platform's e-mails are trusted, else a new one.
    const trusted = platform.emails_verified === 1;
    const fresh: NewUser[] = [];
    const madeFor = new Map<string, string>(); // e-mail → uuid of the account made with it in this batch
    const accountOf = new Map<string, number | string>(); // sub → account id, or uuid of an account to make
    for (const { member, role } of unlinked) {
      const email = emailOf(member);
      const existing = emailMayLink(trusted, email) ? (held.get(email) ?? madeFor.get(email)) : undefined;
      if (existing !== undefined) {
        accountOf.set(member.user_id, existing);
        continue;
      }
      const free = email && !held.has(email) && !madeFor.has(email) ? email : undefined;
      const values = accountValues(member, role, free, target.timezoneId, now);
      if (free) madeFor.set(free, values.uuid);
      fresh.push(values);
      accountOf.set(member.user_id, values.uuid);
    }
    const made = await users.insertAccounts(trx, fresh);
    const idOf = (account: number | string | undefined) => (typeof account === 'string' ? made.get(account) : account);
    const links = unlinked.map((w) => ({ sub: w.member.user_id, userId: Number(idOf(accountOf.get(w.member.user_id))) }));
    await repo.insertUserLinks(trx, platform.issuer, links, now);
    const people: { userId: number; role: CourseRole }[] = [];
    for (const { member, role } of wanted) {
      const userId = linked.get(member.user_id) ?? Number(idOf(accountOf.get(member.user_id)));
      if (seen.users.has(userId)) counts.skipped += 1;
      else people.push({ userId, role });
      seen.users.add(userId);
    }
    await repo.upsertContextMembers(trx, target.contextId, people, now);
    for (const outcome of (await courses.syncMembers(trx, { courseId: target.courseId, members: people, now })).values())
      counts[outcome] += 1;
  }

  /**
   * Dynamic Registration: the platform's OpenID configuration, fetched from the URL the platform
   * gave (with its registration token, when it gave one) and checked (policy.ts).
   */
  async function platformConfiguration(configurationUrl: string, registrationToken: string | undefined) {
    if (platformUrlRefusal(configurationUrl, config.mode))
      throw AppError.badRequest('openid_configuration', LtiMessages.platformUrl('OpenID configuration URL'));
    let body: unknown;
    try {
      const res = await fetch(configurationUrl, {
        headers: { accept: 'application/json', ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}) },
        redirect: 'error',
        signal: AbortSignal.timeout(PLATFORM_HTTP_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch (error) {
      deps.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'LTI OpenID configuration unreadable');
      throw new AppError('unavailable', LtiMessages.registrationConfigUnreachable, 502);
    }
    const read = readOpenIdConfiguration(body, configurationUrl);
    if ('refusal' in read) throw AppError.badRequest('openid_configuration', read.refusal);
    const { config: platform } = read;
    checkUrls({ authUrl: platform.authorization_endpoint, tokenUrl: platform.token_endpoint, jwksUrl: platform.jwks_uri });
    if (platformUrlRefusal(platform.registration_endpoint, config.mode))
      throw AppError.badRequest('openid_configuration', LtiMessages.platformUrl('registration endpoint'));
    return platform;
  }

  async function liveRegistrationKey(key: string) {
    if (!(await repo.registrationKeyLive(db, hashSecret(key), clock.now())))
      throw new AppError('not_found', LtiMessages.registrationGone, 404);
  }

  /** An LMS course the caller has a role in (a launch or a roster gave it); 404 otherwise. */
  async function memberContext(actor: Actor, contextId: number) {
    const row = await repo.findContextOfMember(db, contextId, actor.user.id);
    if (!row) throw new AppError('not_found', LtiMessages.noSuchContext, 404);
    return row;
  }

  /** An LMS course the caller may link: they launched as its instructor, and it is not linked yet (policy.ts). */
  async function linkable(actor: Actor, contextId: number) {
    const row = await memberContext(actor, contextId);
    const refusal = contextLinkRefusal(row);
    if (refusal) throw new AppError(refusal.code, refusal.message, refusal.status);
    return row;
  }

  /**
   * A deployment the launch names that is not registered: a platform whose Dynamic Registration
   * answered no deployment id takes the first one a verified launch names (once, in one statement),
   * and says so in the log; otherwise it is refused.
   */
  async function adoptDeployment(platform: LtiPlatformRow, deploymentId: string): Promise<boolean> {
    if (platform.deployment_pending !== 1) return false;
    const adopted = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimPendingDeployment(trx, platform.id))) return false;
      await repo.addDeployments(trx, platform.id, [deploymentId]);
      return true;
    });
    if (adopted)
      deps.log.info(
        { platformId: platform.id, issuer: platform.issuer, clientId: platform.client_id, deploymentId },
        'LTI deployment id taken from the first launch of a platform registered without one',
      );
    return adopted;
  }

  /** The course's LMS course with a roster and the platform it came from, when both are there. */
  async function rosterSource(courseId: number) {
    const context = await repo.findRosterContext(db, courseId);
    const platform = context ? await repo.findPlatformOfDeployment(db, context.issuer, context.deployment_id) : undefined;
    return context?.nrps_url && platform ? { context, platform, nrpsUrl: context.nrps_url } : undefined;
  }

  async function rosterState(courseId: number): Promise<LmsRosterStatus> {
    const source = await rosterSource(courseId);
    const latest = await repo.latestRosterSync(db, courseId);
    return {
      available: source !== undefined,
      lms_title: source ? source.context.title : null,
      sync: latest ? presentRosterSync(latest) : null,
    };
  }

  /**
   * The job of a sync (roster-job.ts): adds and updates the course's members from the LMS roster
   * (every page): each member found by (issuer, sub), else by e-mail only where the registration
   * trusts the platform's e-mails, else a new account; roles by the membership roles (Instructor,
   * TeachingAssistant, Learner); inactive members and other roles are skipped; an instructor here is
   * never demoted. In one transaction with the sync's counts, a fixed number of statements per
   * ROSTER_BATCH members (syncRosterBatch), none per member.
   */
  async function runRosterSync(sync: repo.RosterSyncRow, job: JobContext): Promise<void> {
    const courseId = Number(sync.course_id);
    const source = await rosterSource(courseId);
    if (!source) throw new AppError('conflict', LtiMessages.noRoster, 409);
    const members = await fetchRoster(deps, source.platform, source.nrpsUrl, job.signal);
    // Read before the transaction: on SQLite a statement outside it would wait for it forever.
    const timezoneId = (await users.timezoneId('UTC')) ?? 1;
    const counts = { added: 0, updated: 0, unchanged: 0, skipped: 0 };
    await db.transaction().execute(async (trx) => {
      const target = { platform: source.platform, contextId: Number(source.context.id), courseId, timezoneId, now: clock.now() };
      const seen = { subs: new Set<string>(), users: new Set<number>() };
      for (let start = 0; start < members.length; start += ROSTER_BATCH)
        await syncRosterBatch(trx, members.slice(start, start + ROSTER_BATCH), target, seen, counts);
      await repo.updateRosterSync(trx, Number(sync.id), { status: 'DONE', ...counts, error: null, finished_at: clock.now() });
    });
    job.log.info({ courseId, ...counts }, 'LTI roster synced');
  }
  registerRosterSyncJob(deps, runRosterSync);
  registerLineItemJob(deps);

  return {
    // Registrations (the admin CLI).

    async addPlatform(input: PlatformInput): Promise<number> {
      checkUrls(input);
      if (await repo.findPlatformByClient(db, input.issuer, input.clientId))
        throw AppError.badRequest('client_id', 'A platform with this issuer and client id is registered already.');
      return repo.insertPlatform(
        db,
        {
          issuer: input.issuer,
          client_id: input.clientId,
          auth_url: input.authUrl,
          token_url: input.tokenUrl,
          jwks_url: input.jwksUrl,
          emails_verified: input.emailsVerified ? 1 : 0,
        },
        [...new Set(input.deploymentIds)],
        clock.now(),
      );
    },

    listPlatforms: () => repo.listPlatforms(db),

    async updatePlatform(id: number, input: Partial<PlatformInput>): Promise<void> {
      if (!(await repo.findPlatformById(db, id))) throw new AppError('not_found', `No LTI platform has id ${id}.`, 404);
      checkUrls(input);
      await db.transaction().execute(async (trx) => {
        const changes: Partial<repo.PlatformValues> = {};
        if (input.issuer !== undefined) changes.issuer = input.issuer;
        if (input.clientId !== undefined) changes.client_id = input.clientId;
        if (input.authUrl !== undefined) changes.auth_url = input.authUrl;
        if (input.tokenUrl !== undefined) changes.token_url = input.tokenUrl;
        if (input.jwksUrl !== undefined) changes.jwks_url = input.jwksUrl;
        if (input.emailsVerified !== undefined) changes.emails_verified = input.emailsVerified ? 1 : 0;
        await repo.updatePlatform(trx, id, changes, clock.now());
        if (input.deploymentIds !== undefined) await repo.replaceDeployments(trx, id, [...new Set(input.deploymentIds)]);
      });
    },

    async removePlatform(id: number): Promise<void> {
      if (!(await repo.deletePlatform(db, id))) throw new AppError('not_found', `No LTI platform has id ${id}.`, 404);
    },

    // Dynamic Registration 1.0 (the admin CLI makes the URL; the LMS administrator opens it from the LMS).

    /** A one-time Dynamic Registration URL, usable for `hours`; the LMS appends openid_configuration and registration_token. */
    async registrationUrl(hours = REGISTRATION_KEY_HOURS): Promise<{ url: string; expiresAt: number }> {
      const key = newSecret();
      const now = clock.now();
      const expiresAt = now + Math.round(hours * 3600);
      await repo.insertRegistrationKey(db, { keyHash: hashSecret(key), now, expiresAt });
      return { url: `${config.publicUrl}/lti/register/${key}`, expiresAt };
    },

    /** Whether a registration key is live (its page may then be framed by the registering LMS). */
    registrationKeyLive: (key: string) => repo.registrationKeyLive(db, hashSecret(key), clock.now()),

    /** What the confirmation form shows: the LMS the configuration describes, and whether it is registered already. */
    async registrationPreview(key: string, configurationUrl: string, registrationToken?: string) {
      await liveRegistrationKey(key);
      const platform = await platformConfiguration(configurationUrl, registrationToken);
      const known = (await repo.findPlatformsByIssuer(db, platform.issuer)).length > 0;
      return { issuer: platform.issuer, product: platform.product, registered_already: known };
    },

    /**
     * Registers the tool with the LMS (the one confirmation): posts the tool's client registration to
     * the platform's registration endpoint with its registration token, and stores the platform with
     * the client id and deployment id it answers (its e-mails untrusted). The key is spent; a
     * registration the platform refuses gives it back.
     */
    async register(key: string, configurationUrl: string, registrationToken?: string) {
      await liveRegistrationKey(key);
      const platform = await platformConfiguration(configurationUrl, registrationToken);
      const keyHash = hashSecret(key);
      if (!(await repo.consumeRegistrationKey(db, keyHash, clock.now())))
        throw new AppError('not_found', LtiMessages.registrationGone, 404);
      let answer: ReturnType<typeof readRegistrationResponse>;
      try {
        const res = await fetch(platform.registration_endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}),
          },
          body: JSON.stringify(toolRegistration(config.publicUrl, LTI_PATHS)),
          redirect: 'error',
          signal: AbortSignal.timeout(PLATFORM_HTTP_TIMEOUT_MS),
        });
        const body = await res.json().catch(() => undefined);
        answer = res.ok ? readRegistrationResponse(body) : undefined;
        if (!answer) deps.log.info({ status: res.status, body }, 'LTI registration refused by the platform');
      } catch (error) {
        deps.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'LTI registration endpoint unreachable');
        answer = undefined;
      }
      if (!answer) {
        await repo.releaseRegistrationKey(db, keyHash);
        throw new AppError('unavailable', LtiMessages.registrationRefused, 502);
      }
      const deploymentIds = answer.deploymentId ? [answer.deploymentId] : [];
      const existing = await repo.findPlatformByClient(db, platform.issuer, answer.clientId);
      const values = {
        issuer: platform.issuer,
        client_id: answer.clientId,
        auth_url: platform.authorization_endpoint,
        token_url: platform.token_endpoint,
        jwks_url: platform.jwks_uri,
      };
      let platformId: number;
      if (existing) {
        platformId = Number(existing.id);
        // The deployments it has stay; the one the LMS answered is added. None answered and none known: the first launch's is taken.
        const pending = deploymentIds.length === 0 && !(await repo.hasDeployments(db, platformId)) ? 1 : 0;
        await db.transaction().execute(async (trx) => {
          await repo.updatePlatform(trx, platformId, { ...values, deployment_pending: pending }, clock.now());
          await repo.addDeployments(trx, platformId, deploymentIds);
        });
      } else {
        // An answer without deployment id (the specification allows it): the first verified launch of this client gives it one.
        const pending = deploymentIds.length === 0 ? 1 : 0;
        platformId = await repo.insertPlatform(
          db,
          { ...values, emails_verified: 0, deployment_pending: pending },
          deploymentIds,
          clock.now(),
        );
      }
      if (deploymentIds.length === 0)
        deps.log.info(
          { platformId, issuer: platform.issuer, clientId: answer.clientId },
          'LTI registration without deployment id: the first launch gives it',
        );
      return { platform_id: platformId, issuer: platform.issuer, client_id: answer.clientId, deployment_id: answer.deploymentId };
    },

    /** The origin of a live deep-linking request's return URL: the selection page's form posts there. */
    async deepLinkReturnOrigin(key: string): Promise<string | undefined> {
      const url = (await repo.findLiveDeepLinkRequest(db, hashSecret(key), clock.now()))?.return_url;
      return url === undefined ? undefined : new URL(url).origin;
    },

    /** The origins of the registered platforms, for the CSP's frame-ancestors. */
    async frameAncestors(): Promise<string[]> {
      return platformOrigins(await repo.listPlatforms(db));
    },

    // Keys.

    /** The public keys the tool signs with: the current one, and rotated ones still within their grace. */
    async jwks(): Promise<{ keys: JWK[] }> {
      const now = clock.now();
      // One read of the keys; only the very first request (no current key yet) makes one.
      const keys = await repo.listKeys(db);
      const published = keys
        .filter((k) => k.retired_at === null || Number(k.retired_at) > now - KEY_GRACE_SECONDS)
        .map((k) => JSON.parse(k.public_jwk) as JWK);
      if (!keys.some((k) => k.retired_at === null)) published.push((await makeKey()).publicJwk);
      return { keys: published };
    },

    /** Makes a new signing key; the old one stays published until its tokens have expired. Returns the new kid. */
    async rotateKeys(): Promise<{ kid: string; retired: number }> {
      const now = clock.now();
      const retired = await repo.retireCurrentKeys(db, now);
      await repo.deleteKeysRetiredBefore(db, now - KEY_GRACE_SECONDS);
      const { kid } = await makeKey();
      return { kid, retired };
    },

    /** Housekeeping: forgets login states and deep-linking requests past their expiry, and keys past their grace. */
    async sweep(): Promise<void> {
      const now = clock.now();
      await repo.deleteExpired(db, now);
      await repo.deleteKeysRetiredBefore(db, now - KEY_GRACE_SECONDS);
    },

    /** The signing key (deep linking and client assertions use it). */
    currentKey,

    /** Canvas's developer-key JSON form, for the fixed public path. */
    toolConfiguration() {
      const base = config.publicUrl;
      const host = new URL(base).host;
      return {
        title: 'Harmony Dashboard',
        description: 'Music-theory exercises, assignments and grades.',
        oidc_initiation_url: `${base}${LTI_PATHS.login}`,
        target_link_uri: `${base}${LTI_PATHS.launch}`,
        // Where the platform may post id_tokens (the launch; deep linking shares it): for platforms and administrators that read them here.
        redirect_uris: [`${base}${LTI_PATHS.launch}`],
        public_jwk_url: `${base}${LTI_PATHS.jwks}`,
        scopes: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
          'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
        ],
        extensions: [
          {
            domain: host,
            tool_id: 'harmony-dashboard',
            platform: 'canvas.instructure.com',
            privacy_level: 'public',
            settings: {
              text: 'Harmony Dashboard',
              placements: [
                {
                  placement: 'course_navigation',
                  message_type: 'LtiResourceLinkRequest',
                  target_link_uri: `${base}${LTI_PATHS.launch}`,
                  text: 'Harmony Dashboard',
                },
                {
                  placement: 'assignment_selection',
                  message_type: 'LtiDeepLinkingRequest',
                  target_link_uri: `${base}${LTI_PATHS.deepLink}`,
                  text: 'Harmony Dashboard exercise',
                },
                {
                  placement: 'link_selection',
                  message_type: 'LtiDeepLinkingRequest',
                  target_link_uri: `${base}${LTI_PATHS.deepLink}`,
                  text: 'Harmony Dashboard exercise',
                },
              ],
            },
          },
        ],
        custom_fields: {},
      };
    },

    // OIDC login initiation and launch.

    /**
     * Third-party login initiation: a state and nonce for the platform's authorisation request,
     * and a browser secret the route keeps in a cookie, so the launch must come back to the same browser.
     */
    async startLogin(params: {
      iss?: string | undefined;
      login_hint?: string | undefined;
      target_link_uri?: string | undefined;
      lti_message_hint?: string | undefined;
      client_id?: string | undefined;
      lti_deployment_id?: string | undefined;
      lti_storage_target?: string | undefined;
    }): Promise<{ redirectUrl: string; state: string; browserSecret: string; platformOrigin: string }> {
      if (!params.iss || !params.login_hint || !params.target_link_uri) throw AppError.badRequest('iss', LtiMessages.loginHint);
      const candidates = await repo.findPlatformsByIssuer(db, params.iss);
      const platform = params.client_id ? candidates.find((p) => p.client_id === params.client_id) : candidates[0];
      if (!platform) throw new AppError('unauthenticated', LtiMessages.unknownPlatform, 401);
      if (!targetOnSite(params.target_link_uri, config.publicUrl)) throw AppError.badRequest('target_link_uri', LtiMessages.targetOffSite);
      if (platformUrlRefusal(platform.auth_url, config.mode))
        throw AppError.badRequest('auth_url', LtiMessages.platformUrl('authorisation URL'));
      const state = newSecret();
      const nonce = newSecret();
      const browserSecret = newSecret();
      await repo.insertLoginState(db, {
        stateHash: hashSecret(state),
        browserHash: hashSecret(browserSecret),
        nonce,
        platformId: platform.id,
        expiresAt: clock.now() + LOGIN_STATE_SECONDS,
        storageTarget: storageTargetOf(params.lti_storage_target),
      });
      const url = new URL(platform.auth_url);
      const query: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.client_id,
        redirect_uri: `${config.publicUrl}${LTI_PATHS.launch}`,
        login_hint: params.login_hint,
        state,
        nonce,
      };
      if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return { redirectUrl: url.toString(), state, browserSecret, platformOrigin: url.origin };
    },

    /**
     * A launch whose login cookie the browser did not send, for a login started with
     * `lti_storage_target`: the frame and origin to read the browser secret back from (LTI Client
     * Side postMessage storage). Undefined otherwise (the launch then refuses the state as another browser's).
     */
    async storageLaunch(state: string | undefined): Promise<{ target: string; origin: string } | undefined> {
      if (!state) return undefined;
      const login = await repo.findLiveLoginState(db, hashSecret(state), clock.now());
      if (!login?.storage_target) return undefined;
      const platform = await repo.findPlatformById(db, Number(login.platform_id));
      if (!platform) return undefined;
      return { target: login.storage_target, origin: new URL(platform.auth_url).origin };
    },

    /**
     * The launch: the state spent once and from the browser that started the login, the id_token
     * checked (signature against the platform's key set, iss, aud/azp, exp/iat, nonce, deployment,
     * message type and version, target link), the person linked by (issuer, sub), the course role
     * from the roles of this context only. Answers the session to set and where to go.
     */
    async launch(
      body: { id_token?: string | undefined; state?: string | undefined },
      browserSecret: string | undefined,
      info: RequestInfo,
    ): Promise<{ session: IssuedSession; redirect: string }> {
      const now = clock.now();
      if (!body.state || !body.id_token) throw new AppError('unauthenticated', LtiMessages.stateInvalid, 401);
      const login = await repo.consumeLoginState(db, hashSecret(body.state), now);
      if (!login) throw new AppError('unauthenticated', LtiMessages.stateInvalid, 401);
      if (!browserSecret || hashSecret(browserSecret) !== login.browser_hash)
        throw new AppError('unauthenticated', LtiMessages.stateOtherBrowser, 401);
      const platform = await repo.findPlatformById(db, Number(login.platform_id));
      if (!platform) throw new AppError('unauthenticated', LtiMessages.unknownPlatform, 401);
      if (platformUrlRefusal(platform.jwks_url, config.mode)) throw new AppError('unauthenticated', LtiMessages.tokenInvalid, 401);

      let claims: LtiClaims;
      try {
        // A token must name its key (the certification guide's "no KID in the JWT header"): the key set's only key is never assumed.
        const { kid } = decodeProtectedHeader(body.id_token);
        if (typeof kid !== 'string' || kid === '') throw new Error('the id_token header names no kid');
        const verified = await jwtVerify(body.id_token, keySet(platform.jwks_url), {
          issuer: platform.issuer,
          audience: platform.client_id,
          algorithms: ['RS256'],
          currentDate: new Date(now * 1000),
          maxTokenAge: MAX_TOKEN_AGE_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat', 'nonce'],
        });
        claims = verified.payload as LtiClaims;
      } catch (error) {
        deps.log.info({ reason: error instanceof Error ? error.message : String(error), issuer: platform.issuer }, 'LTI id_token refused');
        throw new AppError('unauthenticated', LtiMessages.tokenInvalid, 401);
      }
      // With several audiences the token must say which party it is for (azp); when it says, it must be us.
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if ((audiences.length > 1 && claims.azp === undefined) || (claims.azp !== undefined && claims.azp !== platform.client_id))
        throw new AppError('unauthenticated', LtiMessages.tokenInvalid, 401);
      if (claims.nonce !== login.nonce) throw new AppError('unauthenticated', LtiMessages.nonceMismatch, 401);

      const deploymentId = str(claims[`${CLAIM}deployment_id`]);
      if (
        !deploymentId ||
        deploymentId.length > LTI_LIMITS.id ||
        !((await repo.deploymentRegistered(db, platform.id, deploymentId)) || (await adoptDeployment(platform, deploymentId)))
      )
        throw new AppError('forbidden', LtiMessages.unknownDeployment, 403);
      const messageType = claims[`${CLAIM}message_type`];
      if (!LAUNCH_MESSAGE_TYPES.includes(messageType as never) || claims[`${CLAIM}version`] !== LTI_VERSION)
        throw AppError.badRequest('id_token', LtiMessages.messageType);
      const target = str(claims[`${CLAIM}target_link_uri`]);
      if (!target || !targetOnSite(target, config.publicUrl)) throw AppError.badRequest('id_token', LtiMessages.targetOffSite);
      const sub = within(str(claims.sub), LTI_LIMITS.id);
      if (!sub) throw AppError.badRequest('id_token', LtiMessages.noSubject);
      // LTI Core §5.3.5: a resource-link launch names its resource link, with an id.
      const resourceLinkId = resourceLinkOf(claims[`${CLAIM}resource_link`]);
      if (messageType === 'LtiResourceLinkRequest' && !resourceLinkId) throw AppError.badRequest('id_token', LtiMessages.noResourceLink);
      const context = claims[`${CLAIM}context`] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
      const contextId = within(str(context?.id), LTI_LIMITS.id);
      // The context is optional in LTI Core: without one a resource-link launch lands on the dashboard; content needs a course.
      if (context !== undefined && !contextId) throw AppError.badRequest('id_token', LtiMessages.noContext);
      if (!contextId && messageType === 'LtiDeepLinkingRequest') throw AppError.badRequest('id_token', LtiMessages.noContext);
      const rolesClaim = claims[`${CLAIM}roles`];
      const role = courseRoleFromLti(Array.isArray(rolesClaim) ? rolesClaim.filter((r): r is string => typeof r === 'string') : []);
      if (!role && contextId) throw new AppError('forbidden', LtiMessages.noRole, 403);
      // Deep Linking: only the LMS course's teachers choose content, for a platform that takes resource links.
      let deepLink: (ReturnType<typeof readDeepLinkSettings> & { key: string }) | undefined;
      if (messageType === 'LtiDeepLinkingRequest') {
        const refusal = role ? deepLinkRefusal(role) : LtiMessages.noRole;
        if (refusal) throw new AppError('forbidden', refusal, 403);
        const settings = readDeepLinkSettings(claims[`${DL_CLAIM}deep_linking_settings`], config.mode);
        if (!settings) throw AppError.badRequest('id_token', LtiMessages.deepLinkSettings);
        deepLink = { ...settings, key: newSecret() };
      }

      // Read before the transaction: on SQLite a statement outside it would wait for it forever.
      const timezoneId = (await users.timezoneId('UTC')) ?? 1;
      const { userId, redirect } = await db.transaction().execute(async (trx) => {
        // The person: by (issuer, sub); by e-mail only where the registration vouches for the platform's e-mails.
        let userId = await repo.findLinkedUserId(trx, platform.issuer, sub);
        if (userId === undefined) {
          const email = within(str(claims.email)?.toLowerCase(), LTI_LIMITS.email);
          const existing = emailMayLink(platform.emails_verified === 1, email) ? await users.findAccountByEmail(email, trx) : undefined;
          userId = existing ? Number(existing.id) : await newAccount(trx, claims, role, email, timezoneId);
          await repo.insertUserLink(trx, { issuer: platform.issuer, sub, userId, now });
        }
        // No LMS course: the person's own dashboard (their courses here).
        if (!contextId || !role) return { userId, redirect: '/' };
        const title = (str(context?.title) ?? str(context?.label) ?? contextId).slice(0, 500);
        // The LMS course, and this person's role in it (this context's roles only).
        let row = await repo.findContext(trx, platform.issuer, deploymentId, contextId);
        if (!row) {
          await repo.insertContext(trx, { issuer: platform.issuer, deploymentId, contextId, title, now });
          row = await repo.findContext(trx, platform.issuer, deploymentId, contextId);
        } else if (row.title !== title) await repo.updateContextTitle(trx, row.id, title);
        if (!row) throw new Error('LTI context vanished after insertion');
        await repo.upsertContextMember(trx, { contextId: row.id, userId, role, now });
        // Assignment and Grade Services: where this LMS course takes scores (and this link's line item).
        await recordAgsEndpoint(deps, trx, { contextId: row.id, claims, custom: claims[`${CLAIM}custom`], now });
        // Names and Role Provisioning: where this LMS course's roster is ("Sync from LMS").
        await recordNrpsEndpoint(deps, trx, row.id, claims);
        const saveDeepLink = async (request: NonNullable<typeof deepLink>, contextRowId: number) =>
          repo.insertDeepLinkRequest(trx, {
            keyHash: hashSecret(request.key),
            userId,
            platformId: platform.id,
            deploymentId,
            contextId: contextRowId,
            returnUrl: request.returnUrl,
            data: request.data,
            acceptMultiple: request.acceptMultiple,
            acceptLineItem: request.acceptLineItem,
            expiresAt: now + DEEP_LINK_SECONDS,
          });
        if (row.course_id === null) {
          // The first instructor launch offers to link a course; others wait for it (policy.ts).
          if (unlinkedLaunch(role) === 'wait') throw new AppError('conflict', LtiMessages.notLinked, 409);
          // A deep-linking request waits through the linking: the link page then opens the picker with it.
          if (deepLink) {
            await saveDeepLink(deepLink, row.id);
            return {
              userId,
              redirect: `/lti/link-course/${row.id}?deep_link=${deepLink.key}${deepLink.acceptMultiple ? '&multiple=1' : ''}`,
            };
          }
          return { userId, redirect: `/lti/link-course/${row.id}` };
        }
        const courseId = Number(row.course_id);
        await courses.addMember(trx, { courseId, userId, role, now });
        if (deepLink) {
          await saveDeepLink(deepLink, row.id);
          return { userId, redirect: `/lti/deep-link/${deepLink.key}?course=${courseId}${deepLink.acceptMultiple ? '&multiple=1' : ''}` };
        }
        // A graded set or exercise launched from a link without a line item: the tool makes one (line-items.ts).
        await planLineItem(deps, trx, { contextId: row.id, courseId, resourceLinkId, claims, custom: claims[`${CLAIM}custom`] });
        return { userId, redirect: landingPath(courseId, role, claims[`${CLAIM}custom`]) };
      });
      return { session: await auth.startSessionFor(userId, info), redirect };
    },

    // Names and Role Provisioning Services 2.0: "Sync from LMS" on the People page.

    /**
     * Whether the course is linked to an LMS course whose launches named a roster service, and its
     * latest sync (the People page follows a queued or running one); its instructors only.
     */
    async rosterStatus(actor: Actor, courseId: number): Promise<LmsRosterStatus> {
      await courses.requireCourseAccess(actor, courseId, { need: 'instruct', forbidden: LtiMessages.onlyInstructorsSync });
      return rosterState(courseId);
    },

    /**
     * "Sync from LMS": queues the job that adds and updates the course's members from the LMS roster
     * (runRosterSync) and answers at once (202) with it. Asking again while a sync is queued or
     * running answers that one. A course without a roster to read is refused here, before any job.
     */
    async requestRosterSync(actor: Actor, courseId: number): Promise<LmsRosterStatus> {
      await courses.requireCourseAccess(actor, courseId, { need: 'instruct', forbidden: LtiMessages.onlyInstructorsSync });
      const state = await rosterState(courseId);
      if (!state.available) throw new AppError('conflict', LtiMessages.noRoster, 409);
      if (state.sync?.status === 'QUEUED' || state.sync?.status === 'RUNNING') return state;
      await db.transaction().execute(async (trx) => {
        const syncId = await repo.insertRosterSync(trx, { courseId, requestedBy: actor.user.id, now: clock.now() });
        await deps.jobs.enqueue(ROSTER_SYNC_JOB, { syncId }, { db: trx });
      });
      return rosterState(courseId);
    },

    /** The LMS course an instructor's launch offered to link: its title, and whether it is linked. */
    async context(actor: Actor, contextId: number) {
      const row = await memberContext(actor, contextId);
      return { id: Number(row.id), title: row.title, course_id: row.course_id === null ? null : Number(row.course_id), role: row.role };
    },

    /**
     * Deep Linking 2.0: the instructor's choice of an assignment set of the linked course, one
     * exercise (document) of it, or several of its exercises where the platform accepts several
     * (`accept_multiple`), as a signed LtiDeepLinkingResponse with one ltiResourceLink each and its
     * line item unless the platform takes none (`accept_lineitem` false); the browser posts it to the
     * platform's return URL. The request is spent by a successful answer only.
     */
    async deepLinkResponse(actor: Actor, key: string, choice: DeepLinkChoice): Promise<{ return_url: string; jwt: string }> {
      const now = clock.now();
      const request = await repo.findLiveDeepLinkRequest(db, hashSecret(key), now, actor.user.id);
      if (!request) throw new AppError('not_found', LtiMessages.deepLinkGone, 404);
      const context = await repo.findContextById(db, Number(request.context_id));
      const platform = await repo.findPlatformById(db, Number(request.platform_id));
      if (!context || context.course_id === null || !platform) throw new AppError('not_found', LtiMessages.deepLinkGone, 404);
      const courseId = Number(context.course_id);
      await courses.requireCourseAccess(actor, courseId, { need: 'teach' });
      const { set } = await assignments.openSet(actor, choice.set_id, LtiMessages.setNotInCourse);
      if (Number(set.course_id) !== courseId) throw new AppError('not_found', LtiMessages.setNotInCourse, 404);
      const documentIds = choice.document_ids ?? (choice.document_id === undefined ? [] : [choice.document_id]);
      if (documentIds.length > 1 && request.accept_multiple !== 1) throw AppError.badRequest('document_ids', LtiMessages.deepLinkOneItem);
      const docs: { id: number; title: string }[] = [];
      for (const documentId of new Set(documentIds)) {
        // A document the teacher cannot open (unknown, or of another course) is refused like one of another set.
        const opened = await assignments.openDocument(actor, documentId).catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        });
        if (!opened || Number(opened.doc.assignment_set_id) !== Number(set.id))
          throw new AppError('not_found', LtiMessages.documentNotInSet, 404);
        docs.push({ id: Number(opened.doc.id), title: opened.doc.title });
      }
      if (!(await repo.consumeDeepLinkRequest(db, hashSecret(key), actor.user.id, now)))
        throw new AppError('not_found', LtiMessages.deepLinkGone, 404);
      const { kid, privateJwk } = await currentKey();
      const launchUrl = `${config.publicUrl}${LTI_PATHS.launch}`;
      const setItem = { id: Number(set.id), title: set.title, due_at: Number(set.due_at) };
      const made =
        docs.length > 0 ? docs.map((doc) => documentResourceLink(setItem, doc, launchUrl)) : [setResourceLink(setItem, launchUrl)];
      // A platform that takes no line item gets the links alone (a launch then makes one, line-items.ts).
      const items = request.accept_lineitem === 1 ? made : made.map(({ lineItem: _lineItem, ...item }) => item);
      const jwt = await new SignJWT({
        nonce: newSecret(16),
        [`${CLAIM}message_type`]: 'LtiDeepLinkingResponse',
        [`${CLAIM}version`]: LTI_VERSION,
        [`${CLAIM}deployment_id`]: request.deployment_id,
        ...(request.data !== null ? { [`${DL_CLAIM}data`]: request.data } : {}),
        [`${DL_CLAIM}content_items`]: items,
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(platform.client_id)
        .setAudience(platform.issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + RESPONSE_SECONDS)
        .sign(await importJWK(privateJwk, 'RS256'));
      return { return_url: request.return_url, jwt };
    },

    /** Links an LMS course to a course the caller instructs here; only its LMS instructors may, and only once. */
    async linkContext(actor: Actor, contextId: number, courseId: number) {
      const row = await linkable(actor, contextId);
      await courses.requireCourseAccess(actor, courseId, { need: 'instruct' });
      if (!(await repo.setContextCourse(db, row.id, courseId))) throw new AppError('conflict', LtiMessages.alreadyLinked, 409);
      return { id: Number(row.id), title: row.title, course_id: courseId, role: 'instructor' as const };
    },

    /** Creates a course here named after the LMS course, with the caller as its instructor, and links it. */
    async createCourseForContext(actor: Actor, contextId: number) {
      const row = await linkable(actor, contextId);
      const course = await courses.create(actor, { title: row.title.trim().slice(0, COURSE_TITLE_MAX) || 'LMS course' });
      if (!(await repo.setContextCourse(db, row.id, course.id))) throw new AppError('conflict', LtiMessages.alreadyLinked, 409);
      return { id: Number(row.id), title: row.title, course_id: course.id, role: 'instructor' as const };
    },
  };
}

export type LtiService = ReturnType<typeof createLtiService>;
