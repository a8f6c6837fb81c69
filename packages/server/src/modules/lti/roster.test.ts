import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  type SignedInUser,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { LTI_CLAIM, LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../../test/stand-ins.ts';
import { nextLink, readMembers } from './nrps.ts';
import { LtiMessages } from './policy.ts';
import { ROSTER_SYNC_JOB } from './roster-job.ts';

const M = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

describe('NRPS reading', () => {
  it('follows rel="next" among other links, and reads members', () => {
    expect(nextLink('<https://lms.example.edu/m?p=2>; rel="next", <https://lms.example.edu/m?p=9>; rel="last"')).toBe(
      'https://lms.example.edu/m?p=2',
    );
    expect(nextLink('<https://a/x>; rel="differences", <https://a/y>; rel=next')).toBe('https://a/y');
    expect(nextLink('<https://a/x>; rel="last"')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
    expect(
      readMembers({
        members: [
          { user_id: 'u1', roles: [`${M}Learner`], status: 'Active', name: 'Ann Lee', email: 'ann@example.edu' },
          { user_id: 'u2', roles: ['Instructor'], status: 'Inactive' },
          { roles: [`${M}Learner`] },
        ],
      }),
    ).toEqual([
      { user_id: 'u1', roles: [`${M}Learner`], active: true, name: 'Ann Lee', email: 'ann@example.edu' },
      { user_id: 'u2', roles: ['Instructor'], active: false },
    ]);
    expect(readMembers({})).toEqual([]);
  });
});

/**
 * Names and Role Provisioning Services 2.0 (issue 28): "Sync from LMS" on the People page reads
 * the LMS course's roster (every page, with an access token from the platform) and adds and
 * updates the linked course's members by (issuer, sub); its instructors only.
 */
describe.each(dialects)('LTI roster sync (%s)', (dialect) => {
  let t: TestContext;
  let platform: LtiPlatformStandIn;
  let world: Awaited<ReturnType<typeof courseWorld>>;
  let teacher: TestClient;
  let courseId: number;

  const target = () => `${t.config.publicUrl}/lti/launch`;
  async function launch(claims: Record<string, unknown>): Promise<LightMyRequestResponse> {
    const query = new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: target(), client_id: platform.clientId });
    const login = await t.app.inject({ method: 'GET', url: `/lti/login?${query}` });
    const location = new URL(String(login.headers.location));
    const token = await platform.sign(
      {
        sub: 'learner-1',
        ...platform.launchClaims(),
        [`${LTI_CLAIM}target_link_uri`]: target(),
        nonce: location.searchParams.get('nonce'),
        ...claims,
      },
      { now: t.clock.now() },
    );
    return t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams({ id_token: token, state: location.searchParams.get('state') ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: Object.fromEntries(login.cookies.map((c) => [c.name, c.value])),
    });
  }
  const message = (res: LightMyRequestResponse) => errorsOf(res)[0]?.message;
  const rosterUrl = () => `/api/courses/${courseId}/lms-roster`;
  type Sync = { status: string; added: number; updated: number; unchanged: number; skipped: number; error: string | null };
  /** "Sync from LMS": the POST queues the job and answers at once (202); the job runs; GET says what it did. */
  async function syncRoster(): Promise<Sync> {
    const res = await teacher.post(rosterUrl());
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.sync).toMatchObject({ status: 'QUEUED', finished_at: null });
    expect(await t.app.deps.jobs.drain({ names: [ROSTER_SYNC_JOB] })).toBe(1);
    const after = await teacher.get(rosterUrl());
    expect(after.statusCode, after.body).toBe(200);
    return after.json().data.sync as Sync;
  }
  const counts = ({ added, updated, unchanged, skipped }: Sync) => ({ added, updated, unchanged, skipped });
  const member = (userId: string, role: string, extra: Record<string, unknown> = {}) => ({
    user_id: userId,
    roles: [`${M}${role}`],
    status: 'Active',
    given_name: userId.toUpperCase(),
    family_name: 'Roster',
    ...extra,
  });
  const roleOf = async (userId: number) =>
    (
      await t.app.deps.db
        .selectFrom('course_memberships')
        .select('role')
        .where('course_id', '=', courseId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;
  const linkedUser = async (sub: string, issuer = platform.issuer) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('lti_user_links')
          .select('user_id')
          .where('issuer', '=', issuer)
          .where('sub', '=', sub)
          .executeTakeFirst()
      )?.user_id,
    );

  beforeEach(async () => {
    platform = await startLtiPlatform();
    t = await createTestApp(dialect, LONG_SESSIONS);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    platform.state.toolJwksUrl = `${address}/lti/jwks`;
    await t.app.services.lti.addPlatform({
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      authUrl: platform.authUrl,
      tokenUrl: platform.tokenUrl,
      jwksUrl: platform.jwksUrl,
      emailsVerified: false,
    });
    world = await courseWorld(t);
    courseId = world.courseId;
    // An LMS instructor links the LMS course to the course; the course's owner is an instructor here too.
    const first = await launch({ sub: 'teacher-1', [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor] });
    const contextId = Number(/^\/lti\/link-course\/(\d+)$/.exec(String(first.headers.location))?.[1]);
    await t.app.deps.db.updateTable('lti_contexts').set({ course_id: courseId }).where('id', '=', contextId).execute();
    teacher = world.owner.client;
  });
  afterEach(async () => {
    await t.close();
    await platform.close();
  });

  it('adds and updates members from every page of the roster, then finds them unchanged', async () => {
    // teacher-1 launched already (an instructor account, not yet a member here); a learner launched as a student.
    expect((await launch({ sub: 'learner-a' })).statusCode).toBe(303);
    const learnerA = await linkedUser('learner-a');
    platform.state.rosters.set('context-1', [
      member('teacher-1', 'Instructor'),
      member('learner-a', 'TeachingAssistant'),
      member('learner-b', 'Learner', { email: 'b@example.edu', name: 'Bea Roster' }),
      member('learner-c', 'Learner'),
      member('gone-1', 'Learner', { status: 'Inactive' }),
      { user_id: 'guest-1', roles: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Guest'] },
    ]);
    const status = await teacher.get(rosterUrl());
    expect([status.statusCode, status.json().data]).toEqual([200, { available: true, lms_title: 'Music Theory I', sync: null }]);
    // The request only queues the sync: the LMS is read by the job, not on the request.
    const queued = await teacher.post(rosterUrl());
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data).toMatchObject({
      available: true,
      lms_title: 'Music Theory I',
      sync: {
        status: 'QUEUED',
        added: 0,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        error: null,
        requested_at: t.clock.now(),
        finished_at: null,
      },
    });
    expect(platform.state.rosterRequests).toHaveLength(0);
    // Asked again while queued: the same sync, no second job.
    const twice = await teacher.post(rosterUrl());
    expect([twice.statusCode, twice.json().data.sync.id]).toEqual([202, queued.json().data.sync.id]);
    expect(await t.app.deps.jobs.drain({ names: [ROSTER_SYNC_JOB] })).toBe(1);
    const done = (await teacher.get(rosterUrl())).json().data.sync as Sync & { finished_at: number };
    expect(done).toMatchObject({ status: 'DONE', error: null, finished_at: t.clock.now() });
    expect(counts(done)).toEqual({ added: 3, updated: 1, unchanged: 0, skipped: 2 });
    // Three pages of two, linked by rel="next", each with the NRPS token.
    expect(platform.state.rosterRequests.map((u) => new URL(u).searchParams.get('page'))).toEqual([null, '1', '2']);
    expect(platform.state.tokenRequests.at(-1)).toMatchObject({
      granted: true,
      scope: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    });
    expect(await roleOf(await linkedUser('teacher-1'))).toBe('instructor');
    expect(await roleOf(learnerA)).toBe('ta');
    const bea = await linkedUser('learner-b');
    expect(await roleOf(bea)).toBe('student');
    expect(await roleOf(await linkedUser('learner-c'))).toBe('student');
    const beaRow = await t.app.deps.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email', 'user_type'])
      .where('id', '=', bea)
      .executeTakeFirst();
    expect(beaRow).toEqual({ first_name: 'LEARNER-B', last_name: 'Roster', email: 'b@example.edu', user_type: 1 });
    // Again: nothing changes.
    expect(counts(await syncRoster())).toEqual({ added: 0, updated: 0, unchanged: 4, skipped: 2 });
    // The People page lists them.
    const students = JSON.stringify((await teacher.get(`/api/courses/${courseId}/students`)).json());
    expect(students).toContain('LEARNER-B');
  });

  it('never links by e-mail unless the platform is trusted, never demotes an instructor here', async () => {
    const existing = await t.signedIn({ email: 'known@example.edu' });
    platform.state.rosters.set('context-1', [
      member('known-sub', 'Learner', { email: 'known@example.edu' }),
      // The course's owner here, as a Learner in the LMS (their sub links to them: they launched before).
      member('owner-sub', 'Learner'),
    ]);
    await t.app.deps.db
      .insertInto('lti_user_links')
      .values({ issuer: platform.issuer, sub: 'owner-sub', user_id: world.owner.id, created_at: t.clock.now() })
      .execute();
    expect(counts(await syncRoster())).toEqual({ added: 1, updated: 0, unchanged: 1, skipped: 0 });
    const known = await linkedUser('known-sub');
    expect(known).not.toBe(existing.id);
    expect(await roleOf(existing.id)).toBeUndefined();
    expect(await roleOf(world.owner.id)).toBe('instructor');
    // Trusted e-mails link the existing account (a fresh sub).
    await t.app.services.lti.updatePlatform(1, { emailsVerified: true });
    platform.state.rosters.set('context-1', [member('known-sub-2', 'Learner', { email: 'KNOWN@example.edu' })]);
    expect(counts(await syncRoster())).toEqual({ added: 1, updated: 0, unchanged: 0, skipped: 0 });
    expect(await linkedUser('known-sub-2')).toBe(existing.id);
    expect(await roleOf(existing.id)).toBe('student');
  });

  it('syncs a roster of hundreds in the statements a roster of three takes: none per member', async () => {
    platform.state.rosterPageSize = 100;
    const people = (prefix: string, n: number, role = 'Learner') =>
      Array.from({ length: n }, (_, i) => member(`${prefix}-${i}`, role, { email: `${prefix}-${i}@example.edu` }));
    const sync = async (roster: Record<string, unknown>[]) => {
      platform.state.rosters.set('context-1', roster);
      t.queries.length = 0;
      const done = await syncRoster();
      return { result: counts(done), statements: t.queries.length };
    };
    const few = people('few', 3);
    const more = people('more', 3);
    const many = people('many', 400);
    // The first sync also fetches the tool's key and token; the second and third differ only in size.
    await sync(few);
    const small = await sync([...few, ...more]);
    expect(small.result).toEqual({ added: 3, updated: 0, unchanged: 3, skipped: 0 });
    const large = await sync([...few, ...more, ...many]);
    expect(large.result).toEqual({ added: 400, updated: 0, unchanged: 6, skipped: 0 });
    expect(large.statements).toBe(small.statements);
    // 400 role changes are one update (one per role changed to), and nothing else is written.
    const changed = await sync([...few, ...more, ...people('many', 400, 'TeachingAssistant')]);
    expect(changed.result).toEqual({ added: 0, updated: 400, unchanged: 6, skipped: 0 });
    expect(changed.statements).toBeLessThan(small.statements);
    expect(await roleOf(await linkedUser('many-399'))).toBe('ta');
    const members = await t.app.deps.db
      .selectFrom('course_memberships')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBeGreaterThanOrEqual(406);
  });

  it('leaves out a member whose user id is longer than its column, and an e-mail longer than its column (no 500)', async () => {
    platform.state.rosters.set('context-1', [
      member('u'.repeat(256), 'Learner'),
      member('long-mail', 'Learner', { email: `${'a'.repeat(250)}@example.edu` }),
    ]);
    expect(counts(await syncRoster())).toEqual({ added: 1, updated: 0, unchanged: 0, skipped: 0 });
    const account = await t.app.deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', await linkedUser('long-mail'))
      .executeTakeFirstOrThrow();
    expect(account.email).toMatch(/@lti\.invalid$/);
  });

  it('refuses signed out, a TA, a student, another course, bad input, a course without a roster, an unreachable LMS', async () => {
    const url = rosterUrl();
    expect((await world.anonymous.post(url)).statusCode).toBe(401);
    expect((await world.anonymous.get(url)).statusCode).toBe(401);
    for (const client of [world.ta.client, (world.students[0] as SignedInUser).client]) {
      const res = await client.post(url);
      expect([res.statusCode, message(res)]).toEqual([403, LtiMessages.onlyInstructorsSync]);
      expect(res.json().message_codes).toEqual([[{ code: 'lti.onlyInstructorsSync' }]]);
      expect((await client.get(url)).statusCode).toBe(403);
    }
    const outsider = await world.other.client.post(url);
    expect(outsider.statusCode).toBe(404);
    const bad = await teacher.post('/api/courses/x/lms-roster');
    expect([bad.statusCode, errorsOf(bad)[0]?.field, errorsOf(bad)[0]?.messages]).toEqual([
      400,
      'courseId',
      ['This field must be a number.'],
    ]);
    // Another course of the same instructor, not linked to an LMS course.
    const other = (await teacher.post('/api/courses', { title: 'Unlinked' })).json().data as { id: number };
    const none = await teacher.post(`/api/courses/${other.id}/lms-roster`);
    expect([none.statusCode, message(none)]).toEqual([409, LtiMessages.noRoster]);
    // Coded, so the web app translates it (QA2-7).
    expect(none.json().message_codes).toEqual([[{ code: 'lti.noRoster' }]]);
    expect((await teacher.get(`/api/courses/${other.id}/lms-roster`)).json().data).toEqual({
      available: false,
      lms_title: null,
      sync: null,
    });
    // Nothing was queued by a refused request.
    expect(await t.app.deps.jobs.drain({ names: [ROSTER_SYNC_JOB] })).toBe(0);
    // The LMS refuses the tool's token: the sync fails (at once, no retry) with its reason, and nothing changes.
    platform.state.rosters.set('context-1', [member('learner-z', 'Learner')]);
    platform.state.toolJwksUrl = `${platform.url}/no-such-keys`;
    const down = await syncRoster();
    expect(down).toMatchObject({ status: 'FAILED', error: 'unreachable', added: 0, finished_at: t.clock.now() });
    expect(await t.app.deps.db.selectFrom('jobs').select('id').where('name', '=', ROSTER_SYNC_JOB).execute()).toHaveLength(0);
    expect(await linkedUser('learner-z')).toBeNaN();
    // A sync queued for a course whose LMS course is unlinked before it runs fails as not linked.
    const queued = await teacher.post(url);
    expect(queued.statusCode).toBe(202);
    await t.app.deps.db.updateTable('lti_contexts').set({ course_id: null }).execute();
    await t.app.deps.jobs.drain({ names: [ROSTER_SYNC_JOB] });
    const row = await t.app.deps.db.selectFrom('lti_roster_syncs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([row.status, row.error]).toEqual(['FAILED', 'not_linked']);
  });
});
