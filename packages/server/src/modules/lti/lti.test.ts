import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, multipart, sampleExercise, TestClient, type TestContext } from '../../../test/helpers.ts';
import { LTI_CLAIM, LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../../test/stand-ins.ts';
import { LINE_ITEM_SCORE_MAXIMUM, LtiMessages } from './policy.ts';

type Login = { state: string; nonce: string; cookies: Record<string, string>; location: URL };

describe.each(dialects)('LTI 1.3 launch (%s)', (dialect) => {
  let t: TestContext;
  let platform: LtiPlatformStandIn;
  let other: LtiPlatformStandIn;
  let platformId: number;

  beforeAll(async () => {
    platform = await startLtiPlatform();
    other = await startLtiPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await other.close();
  });
  beforeEach(async () => {
    t = await createTestApp(dialect);
    platformId = await register(platform);
  });
  afterEach(async () => {
    await t.close();
  });

  const target = () => `${t.config.publicUrl}/lti/launch`;
  const register = (p: LtiPlatformStandIn, emailsVerified = false) =>
    t.app.services.lti.addPlatform({
      issuer: p.issuer,
      clientId: p.clientId,
      deploymentIds: [p.deploymentId],
      authUrl: p.authUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      emailsVerified,
    });

  /** OIDC login initiation as the platform starts it (GET, or POST as a form). */
  async function login(p: LtiPlatformStandIn = platform, method: 'GET' | 'POST' = 'GET'): Promise<Login> {
    const params = { iss: p.issuer, login_hint: 'hint-1', target_link_uri: target(), client_id: p.clientId, lti_message_hint: 'm-1' };
    const query = new URLSearchParams(params).toString();
    const res =
      method === 'GET'
        ? await t.app.inject({ method: 'GET', url: `/lti/login?${query}` })
        : await t.app.inject({
            method: 'POST',
            url: '/lti/login',
            payload: query,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(String(res.headers.location));
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    return { state: location.searchParams.get('state') ?? '', nonce: location.searchParams.get('nonce') ?? '', cookies, location };
  }

  function postLaunch(body: Record<string, string>, cookies: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams(body).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
    });
  }

  /** A whole launch: login, an id_token the platform signs with these claims, the launch post. */
  async function launch(
    claims: Record<string, unknown> = {},
    how: Parameters<LtiPlatformStandIn['sign']>[1] & { p?: LtiPlatformStandIn } = {},
  ): Promise<LightMyRequestResponse> {
    const p = how.p ?? platform;
    const l = await login(p);
    const base = { sub: 'learner-1', ...p.launchClaims(), [`${LTI_CLAIM}target_link_uri`]: target(), nonce: l.nonce };
    const token = await p.sign({ ...base, ...claims }, { now: t.clock.now(), ...how });
    return postLaunch({ id_token: token, state: l.state }, l.cookies);
  }

  /** The session a launch set, as a client of the API. */
  function clientOf(res: LightMyRequestResponse) {
    const token = res.cookies.find((c) => c.name === 'access_token')?.value;
    if (!token) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
    const client = new TestClient(t.app);
    client.token = token;
    return client;
  }

  /** The stand-in's launch claims, aimed at this tool's launch URL. */
  const onSite = () => ({ ...platform.launchClaims(), [`${LTI_CLAIM}target_link_uri`]: target() });
  const message = (res: LightMyRequestResponse) => errorsOf(res)[0]?.message ?? errorsOf(res)[0]?.messages?.[0];
  const instructor = { [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor] };

  /** An LTI instructor who made a course here and linked the LMS course (context-1) to it. */
  async function linkedCourse(context = 'context-1') {
    const first = await launch({ sub: 'teacher-1', ...instructor, [`${LTI_CLAIM}context`]: { id: context, title: 'Music Theory I' } });
    expect(first.statusCode, first.body).toBe(303);
    const contextId = Number(/^\/lti\/link-course\/(\d+)$/.exec(String(first.headers.location))?.[1]);
    const teacher = clientOf(first);
    const course = (await teacher.post('/api/courses', { title: 'Harmony I' })).json().data as { id: number };
    const linked = await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: course.id });
    expect(linked.statusCode, linked.body).toBe(200);
    return { teacher, courseId: course.id, contextId };
  }

  const roleIn = async (courseId: number, userId: number) =>
    (
      await t.app.deps.db
        .selectFrom('course_memberships')
        .select('role')
        .where('course_id', '=', courseId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;
  const me = async (client: TestClient) => (await client.get('/api/users')).json().data as { id: number; email: string; user_type: number };

  it('publishes its key set and its Canvas configuration at fixed paths', async () => {
    const jwks = (await t.client().get('/lti/jwks')).json() as { keys: { kid: string; kty: string; alg: string; d?: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]?.d).toBeUndefined();
    // Each request reads the keys once (the first one above also made the key).
    t.queries.length = 0;
    expect((await t.client().get('/lti/jwks')).json()).toEqual(jwks);
    expect(t.queries.filter((statement) => /"lti_keys"/.test(statement))).toHaveLength(1);
    const config = (await t.client().get('/lti/config.json')).json() as Record<string, unknown>;
    const base = t.config.publicUrl;
    expect(config).toMatchObject({
      oidc_initiation_url: `${base}/lti/login`,
      target_link_uri: `${base}/lti/launch`,
      public_jwk_url: `${base}/lti/jwks`,
    });
    expect(config.scopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    expect(JSON.stringify(config)).toContain('"message_type":"LtiDeepLinkingRequest"');
  });

  it('answers a login initiation (GET and POST) with the authorisation request, state and nonce bound to a cookie', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const l = await login(platform, method);
      expect(`${l.location.origin}${l.location.pathname}`).toBe(platform.authUrl);
      const q = l.location.searchParams;
      expect(Object.fromEntries(q)).toMatchObject({
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: target(),
        login_hint: 'hint-1',
        lti_message_hint: 'm-1',
      });
      expect(l.state.length).toBeGreaterThan(30);
      expect(l.nonce.length).toBeGreaterThan(30);
      expect(Object.keys(l.cookies)).toHaveLength(1);
    }
    const bad = async (query: Record<string, string>) => t.app.inject({ method: 'GET', url: `/lti/login?${new URLSearchParams(query)}` });
    const unknown = await bad({ iss: 'https://lms.example.edu', login_hint: 'x', target_link_uri: target() });
    expect([unknown.statusCode, message(unknown)]).toEqual([401, LtiMessages.unknownPlatform]);
    const missing = await bad({ iss: platform.issuer, target_link_uri: target() });
    expect([missing.statusCode, message(missing)]).toEqual([400, LtiMessages.loginHint]);
    const offSite = await bad({ iss: platform.issuer, login_hint: 'x', target_link_uri: 'https://evil.example/lti/launch' });
    expect([offSite.statusCode, message(offSite)]).toEqual([400, LtiMessages.targetOffSite]);
  });

  it('signs in through the stand-in platform: an instructor links an LMS course, a learner then lands in it', async () => {
    // The whole round trip through the platform's authorisation endpoint and its auto-posting page.
    platform.state.nextLaunch = { sub: 'teacher-1', ...instructor, given_name: 'Ines', family_name: 'Teacher' };
    const l = await login();
    const page = await (await fetch(l.location)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
    expect(page).toContain(`action="${target()}"`);
    const res = await postLaunch({ id_token: field('id_token'), state: field('state') }, l.cookies);
    platform.state.nextLaunch = {};
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^\/lti\/link-course\/\d+$/);
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'token_expire')?.value).toMatch(/^\d+$/);
    const teacher = clientOf(res);
    const profile = (await teacher.get('/api/users')).json().data as { first_name: string; last_name: string; user_type: number };
    expect(profile).toMatchObject({ first_name: 'Ines', last_name: 'Teacher', user_type: 2 });

    const contextId = Number(String(res.headers.location).split('/').at(-1));
    expect((await teacher.get(`/api/lti/contexts/${contextId}`)).json().data).toEqual({
      id: contextId,
      title: 'Music Theory I',
      course_id: null,
      role: 'instructor',
    });
    // A learner of the LMS course waits until it is linked; no session is made.
    const early = await launch({ sub: 'learner-1' });
    expect([early.statusCode, message(early)]).toEqual([409, LtiMessages.notLinked]);
    expect(early.cookies.find((c) => c.name === 'access_token')).toBeUndefined();

    const course = (await teacher.post('/api/courses', { title: 'Harmony I' })).json().data as { id: number };
    const linked = await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: course.id });
    expect(linked.json().data).toEqual({ id: contextId, title: 'Music Theory I', course_id: course.id, role: 'instructor' });
    const again = await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: course.id });
    expect([again.statusCode, message(again)]).toEqual([409, LtiMessages.alreadyLinked]);

    const learner = await launch({ sub: 'learner-1' });
    expect(learner.statusCode, learner.body).toBe(303);
    expect(learner.headers.location).toBe(`/student/course/${course.id}/assignments`);
    const student = await me(clientOf(learner));
    expect(student.user_type).toBe(1);
    expect(await roleIn(course.id, student.id)).toBe('student');
    // The instructor's next launch lands on the course; a TA becomes a TA.
    const next = await launch({ sub: 'teacher-1', ...instructor });
    expect(next.headers.location).toBe(`/course/${course.id}`);
    const ta = await launch({ sub: 'ta-1', [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor, LTI_ROLE.ta] });
    expect(ta.headers.location).toBe(`/course/${course.id}`);
    expect(await roleIn(course.id, (await me(clientOf(ta))).id)).toBe('ta');
  });

  it('refuses a token with a bad signature, alg none, or another key under the same kid', async () => {
    const good = await launch({ sub: 'teacher-1', ...instructor });
    expect(good.statusCode, good.body).toBe(303);
    // Tampered payload: the signature no longer matches.
    const l = await login();
    const token = await platform.sign({ ...onSite(), sub: 'learner-1', nonce: l.nonce }, { now: t.clock.now() });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...onSite(), sub: 'teacher-1', nonce: l.nonce })).toString('base64url');
    const tampered = await postLaunch({ id_token: `${header}.${forged}.${signature}`, state: l.state }, l.cookies);
    expect([tampered.statusCode, message(tampered)]).toEqual([401, LtiMessages.tokenInvalid]);
    const none = await launch({}, { alg: 'none' });
    expect([none.statusCode, message(none)]).toEqual([401, LtiMessages.tokenInvalid]);
    const otherKey = await launch({}, { key: 'other' });
    expect([otherKey.statusCode, message(otherKey)]).toEqual([401, LtiMessages.tokenInvalid]);
  });

  it('refuses a wrong audience, a wrong issuer, several audiences without azp, an expired token and an iat in the future', async () => {
    const now = t.clock.now();
    const cases: [string, Record<string, unknown>][] = [
      ['wrong aud', { aud: 'someone-else' }],
      ['wrong iss', { iss: 'https://other-lms.example.edu' }],
      ['several audiences, no azp', { aud: [platform.clientId, 'someone-else'] }],
      ['azp of another party', { azp: 'someone-else' }],
      ['expired', { iat: now - 400, exp: now - 10 }],
      ['iat in the future', { iat: now + 120, exp: now + 400 }],
    ];
    for (const [name, claims] of cases) {
      const res = await launch(claims);
      expect([name, res.statusCode, message(res)]).toEqual([name, 401, LtiMessages.tokenInvalid]);
    }
    // Several audiences with azp naming this tool are accepted.
    const withAzp = await launch({ sub: 'teacher-1', ...instructor, aud: [platform.clientId, 'x'], azp: platform.clientId });
    expect(withAzp.statusCode, withAzp.body).toBe(303);
  });

  it('uses a state once, from the browser that started it, with its own nonce', async () => {
    const l = await login();
    const token = await platform.sign({ ...onSite(), ...instructor, sub: 'teacher-1', nonce: l.nonce }, { now: t.clock.now() });
    // Another browser (no login cookie, or another one's) cannot complete it — and it is spent.
    const elsewhere = await postLaunch({ id_token: token, state: l.state }, {});
    expect([elsewhere.statusCode, message(elsewhere)]).toEqual([401, LtiMessages.stateOtherBrowser]);
    const spent = await postLaunch({ id_token: token, state: l.state }, l.cookies);
    expect([spent.statusCode, message(spent)]).toEqual([401, LtiMessages.stateInvalid]);

    const l2 = await login();
    const token2 = await platform.sign({ ...onSite(), ...instructor, sub: 'teacher-1', nonce: l2.nonce }, { now: t.clock.now() });
    expect((await postLaunch({ id_token: token2, state: l2.state }, l2.cookies)).statusCode).toBe(303);
    // The same id_token replayed: its state is spent; carried to a fresh state, its nonce is wrong.
    const replay = await postLaunch({ id_token: token2, state: l2.state }, l2.cookies);
    expect([replay.statusCode, message(replay)]).toEqual([401, LtiMessages.stateInvalid]);
    const l3 = await login();
    const carried = await postLaunch({ id_token: token2, state: l3.state }, l3.cookies);
    expect([carried.statusCode, message(carried)]).toEqual([401, LtiMessages.nonceMismatch]);
    // A state never issued, or none.
    const unknown = await postLaunch({ id_token: token2, state: 'made-up-state' }, l3.cookies);
    expect([unknown.statusCode, message(unknown)]).toEqual([401, LtiMessages.stateInvalid]);
    // A state past its ten minutes.
    const l4 = await login();
    t.clock.advance(601);
    const late = await postLaunch({ id_token: token2, state: l4.state }, l4.cookies);
    expect([late.statusCode, message(late)]).toEqual([401, LtiMessages.stateInvalid]);
    // Housekeeping forgets the expired states.
    const states = () => t.app.deps.db.selectFrom('lti_login_states').select('id').execute();
    expect((await states()).length).toBeGreaterThan(0);
    await t.app.services.lti.sweep();
    expect(await states()).toEqual([]);
  });

  it('refuses an unknown deployment, a missing message type or version, an off-site target, no sub, a context without id, no course role', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['unknown deployment', { [`${LTI_CLAIM}deployment_id`]: 'deployment-9' }, 403, LtiMessages.unknownDeployment],
      ['no message type', { [`${LTI_CLAIM}message_type`]: undefined }, 400, LtiMessages.messageType],
      ['unknown message type', { [`${LTI_CLAIM}message_type`]: 'LtiSubmissionReviewRequest' }, 400, LtiMessages.messageType],
      ['no version', { [`${LTI_CLAIM}version`]: undefined }, 400, LtiMessages.messageType],
      ['off-site target', { [`${LTI_CLAIM}target_link_uri`]: 'https://evil.example/lti/launch' }, 400, LtiMessages.targetOffSite],
      ['no target', { [`${LTI_CLAIM}target_link_uri`]: undefined }, 400, LtiMessages.targetOffSite],
      ['no sub', { sub: undefined }, 400, LtiMessages.noSubject],
      // Longer than the columns that keep them (a 500 on PostgreSQL before).
      ['sub too long', { sub: 's'.repeat(256) }, 400, LtiMessages.noSubject],
      // A context claim without a usable id (no context at all lands on the dashboard: conformance.test.ts).
      ['context without id', { [`${LTI_CLAIM}context`]: { title: 'No id' } }, 400, LtiMessages.noContext],
      ['context id too long', { [`${LTI_CLAIM}context`]: { id: 'c'.repeat(256), title: 'Long' } }, 400, LtiMessages.noContext],
      ['institution role only', { [`${LTI_CLAIM}roles`]: [LTI_ROLE.institutionInstructor] }, 403, LtiMessages.noRole],
    ];
    for (const [name, claims, status, text] of cases) {
      const res = await launch(claims);
      expect([name, res.statusCode, message(res)]).toEqual([name, status, text]);
    }
  });

  it('gives a role only in its own context: a learner here is no instructor there, nor by an institution role', async () => {
    const { courseId, contextId } = await linkedCourse('context-1');
    const asLearner = await launch({ sub: 'learner-1', [`${LTI_CLAIM}roles`]: [LTI_ROLE.learner, LTI_ROLE.institutionInstructor] });
    const learner = clientOf(asLearner);
    const learnerId = (await me(learner)).id;
    expect(await roleIn(courseId, learnerId)).toBe('student');
    // The same person is Instructor in another LMS course: that course's link page, nothing more here.
    const elsewhere = await launch({ sub: 'learner-1', ...instructor, [`${LTI_CLAIM}context`]: { id: 'context-2', title: 'Other' } });
    expect(elsewhere.headers.location).toMatch(/^\/lti\/link-course\/\d+$/);
    expect(await roleIn(courseId, learnerId)).toBe('student');
    const refused = await learner.post(`/api/lti/contexts/${contextId}/link`, { course_id: courseId });
    expect([refused.statusCode, message(refused)]).toEqual([403, LtiMessages.onlyInstructorsLink]);
  });

  it('links people by issuer and sub: the same sub from another issuer is another person', async () => {
    await register(other);
    const here = await me(clientOf(await launch({ sub: 'same-sub', ...instructor })));
    const there = await me(clientOf(await launch({ sub: 'same-sub', ...instructor }, { p: other })));
    expect(there.id).not.toBe(here.id);
    const hereAgain = await me(clientOf(await launch({ sub: 'same-sub', ...instructor })));
    expect(hereAgain.id).toBe(here.id);
  });

  it('links an existing account by e-mail only when the registration says the e-mails are verified', async () => {
    const existing = await t.createUser({ email: 'ada@example.edu', user_type: 2 });
    const unverified = await me(clientOf(await launch({ sub: 'ada-1', ...instructor, email: 'ada@example.edu' })));
    expect(unverified.id).not.toBe(existing.id);
    expect(unverified.email).toMatch(/@lti\.invalid$/);
    await t.app.services.lti.updatePlatform(platformId, { emailsVerified: true });
    const verified = await me(clientOf(await launch({ sub: 'ada-2', ...instructor, email: 'ADA@example.edu' })));
    expect(verified.id).toBe(existing.id);
    // Once linked, the sub finds the account whatever the e-mail claim says later.
    const later = await me(clientOf(await launch({ sub: 'ada-2', ...instructor, email: 'someone@example.edu' })));
    expect(later.id).toBe(existing.id);
  });

  it('takes an e-mail, line-items or return URL longer than its column as none (no 500)', async () => {
    const long = `${'a'.repeat(250)}@example.edu`;
    const person = await me(clientOf(await launch({ sub: 'long-mail', ...instructor, email: long })));
    expect(person.email).toMatch(/@lti\.invalid$/);
    const lineItems = async () =>
      (await t.app.deps.db.selectFrom('lti_contexts').select('ags_lineitems_url').executeTakeFirstOrThrow()).ags_lineitems_url;
    const known = await lineItems();
    const endpoint = { lineitems: `https://lms.example.edu/${'l'.repeat(2000)}`, scope: [] };
    const res = await launch({ sub: 'long-mail', ...instructor, 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': endpoint });
    expect(res.statusCode, res.body).toBe(303);
    // Ignored as a launch naming no service: the known one stays.
    expect(await lineItems()).toBe(known);
    await linkedCourse();
    const deepLink = await launch({
      sub: 'teacher-1',
      ...instructor,
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `https://lms.example.edu/${'r'.repeat(2000)}`,
        accept_types: ['ltiResourceLink'],
      },
    });
    expect([deepLink.statusCode, message(deepLink)]).toEqual([400, LtiMessages.deepLinkSettings]);
  });

  it("follows the platform's key rotation (a new kid fetches its key set again)", async () => {
    expect((await launch({ sub: 'teacher-1', ...instructor })).statusCode).toBe(303);
    await platform.rotateKey('platform-key-2');
    try {
      await new Promise((resolve) => setTimeout(resolve, 5100));
      const res = await launch({ sub: 'teacher-1', ...instructor });
      expect(res.statusCode, res.body).toBe(303);
    } finally {
      await platform.rotateKey('platform-key-1');
    }
  }, 20_000);

  it('lets registered platforms frame the pages (CSP frame-ancestors), and nobody else', async () => {
    const page = async () => String((await t.app.inject({ method: 'GET', url: '/some/page' })).headers['content-security-policy']);
    expect(await page()).toContain(`frame-ancestors 'self' ${platform.url}`);
    expect(String((await t.app.inject({ method: 'GET', url: '/api/csrf' })).headers['content-security-policy'])).toContain(
      "frame-ancestors 'none'",
    );
    await t.app.services.lti.removePlatform(platformId);
    t.clock.advance(61);
    expect(await page()).toContain("frame-ancestors 'none'");
  });

  it('links an LMS course only for its LMS instructors, to a course they instruct, with checked input', async () => {
    const first = await launch({ sub: 'teacher-1', ...instructor });
    const contextId = Number(String(first.headers.location).split('/').at(-1));
    const teacher = clientOf(first);
    const stranger = await t.signedIn({ user_type: 2 });
    const strangersCourse = (await stranger.client.post('/api/courses', { title: 'Not yours' })).json().data as { id: number };
    const anonymous = await t.client().post(`/api/lti/contexts/${contextId}/link`, { course_id: strangersCourse.id });
    expect(anonymous.statusCode).toBe(401);
    const notMember = await stranger.client.post(`/api/lti/contexts/${contextId}/link`, { course_id: strangersCourse.id });
    expect([notMember.statusCode, message(notMember)]).toEqual([404, LtiMessages.noSuchContext]);
    expect((await stranger.client.get(`/api/lti/contexts/${contextId}`)).statusCode).toBe(404);
    const otherCourse = await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: strangersCourse.id });
    expect(otherCourse.statusCode).toBe(404);
    const bad = await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.field).toBe('course_id');
    expect((await teacher.get(`/api/lti/contexts/${contextId}`)).json().data.course_id).toBeNull();

    // Or a new course named after the LMS course: it shows on the instructor's dashboard under that title.
    const coTeacher = clientOf(await launch({ sub: 'teacher-2', ...instructor }));
    const created = await teacher.post(`/api/lti/contexts/${contextId}/course`);
    expect(created.statusCode, created.body).toBe(201);
    const courseId = created.json().data.course_id as number;
    expect(created.json().data).toEqual({ id: contextId, title: 'Music Theory I', course_id: courseId, role: 'instructor' });
    const dashboard = JSON.stringify((await teacher.get('/api/users')).json().data);
    expect(dashboard).toContain('"title":"Music Theory I"');
    const twice = await coTeacher.post(`/api/lti/contexts/${contextId}/course`);
    expect([twice.statusCode, message(twice)]).toEqual([409, LtiMessages.alreadyLinked]);
  });

  describe('Deep Linking 2.0', () => {
    const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
    const deepLinking = (returnUrl = `${platform.url}/deep-link-return`) => ({
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${DL}deep_linking_settings`]: { deep_link_return_url: returnUrl, accept_types: ['ltiResourceLink'], data: 'platform-data-1' },
    });

    it('answers an instructor with a signed LtiDeepLinkingResponse for a set of the linked course, once', async () => {
      const { teacher, courseId } = await linkedCourse();
      const due = t.clock.now() + 7 * 86_400;
      const set = (await teacher.post(`/api/courses/${courseId}/assignments`, { title: 'Cadences', due_at: due })).json().data as {
        id: number;
        due_at: number;
      };
      const res = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      expect(res.statusCode, res.body).toBe(303);
      const page = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
      expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' ${platform.url}`);
      const key = /^\/lti\/deep-link\/([\w-]+)\?course=(\d+)$/.exec(String(res.headers.location))?.[1] ?? '';
      expect(String(res.headers.location)).toMatch(new RegExp(`\\?course=${courseId}$`));
      expect(key).not.toBe('');
      const answer = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id });
      expect(answer.statusCode, answer.body).toBe(200);
      const { return_url, jwt } = answer.json().data as { return_url: string; jwt: string };
      expect(return_url).toBe(`${platform.url}/deep-link-return`);
      // The platform checks it against the tool's published key set.
      const keys = createLocalJWKSet((await t.client().get('/lti/jwks')).json());
      const { payload, protectedHeader } = await jwtVerify(jwt, keys, {
        issuer: platform.clientId,
        audience: platform.issuer,
        currentDate: new Date(t.clock.now() * 1000),
      });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({
        [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingResponse',
        [`${LTI_CLAIM}version`]: '1.3.0',
        [`${LTI_CLAIM}deployment_id`]: platform.deploymentId,
        [`${DL}data`]: 'platform-data-1',
      });
      expect(payload[`${DL}content_items`]).toEqual([
        {
          type: 'ltiResourceLink',
          title: 'Cadences',
          url: target(),
          custom: { harmony_set_id: String(set.id) },
          lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: 'Cadences', resourceId: `set-${set.id}` },
          submission: { endDateTime: new Date(set.due_at * 1000).toISOString() },
        },
      ]);
      // Once the request is spent, the selection page's form may no longer post to the LMS.
      const csp = async () =>
        String((await t.app.inject({ method: 'GET', url: `/lti/deep-link/${key}?course=${courseId}` })).headers['content-security-policy']);
      expect(await csp()).toContain("form-action 'self'");
      expect(await csp()).not.toContain(`form-action 'self' ${platform.url}`);
      // Launching the deep-linked item: its teachers open the set, its students the Assignments page showing that set.
      const custom = { [`${LTI_CLAIM}custom`]: { harmony_set_id: String(set.id) } };
      expect((await launch({ sub: 'teacher-1', ...instructor, ...custom })).headers.location).toBe(
        `/course/${courseId}/assignment/${set.id}`,
      );
      expect((await launch({ sub: 'learner-1', ...custom })).headers.location).toBe(
        `/student/course/${courseId}/assignments?set=${set.id}`,
      );
      // Spent: a second answer is refused.
      const again = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id });
      expect([again.statusCode, message(again)]).toEqual([404, LtiMessages.deepLinkGone]);
    });

    it('answers with one exercise of a set, whose learners land on its workspace; refuses an exercise of another set', async () => {
      const { teacher, courseId } = await linkedCourse();
      const due = t.clock.now() + 7 * 86_400;
      const newSet = async (title: string) =>
        (await teacher.post(`/api/courses/${courseId}/assignments`, { title, due_at: due, released_at: t.clock.now() })).json().data as {
          id: number;
          due_at: number;
        };
      const set = await newSet('Cadences');
      const otherSet = await newSet('Sequences');
      const upload = async (setId: number) => {
        const res = await teacher.upload(
          `/api/assignments/${setId}/documents`,
          multipart([{ name: 'ex.har', bytes: sampleExercise().bytes }]),
        );
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data[0] as { id: number; title: string };
      };
      const doc = await upload(set.id);
      const elsewhere = await upload(otherSet.id);
      const res = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      const key = new URL(String(res.headers.location), t.config.publicUrl).pathname.split('/').at(-1) ?? '';
      const wrong = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id, document_id: elsewhere.id });
      expect([wrong.statusCode, message(wrong)]).toEqual([404, LtiMessages.documentNotInSet]);
      const unknown = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id, document_id: 999_999 });
      expect([unknown.statusCode, message(unknown)]).toEqual([404, LtiMessages.documentNotInSet]);
      const bad = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id, document_id: 0 });
      expect([bad.statusCode, errorsOf(bad)[0]?.field]).toEqual([400, 'document_id']);
      const answer = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id, document_id: doc.id });
      expect(answer.statusCode, answer.body).toBe(200);
      const keys = createLocalJWKSet((await t.client().get('/lti/jwks')).json());
      const { payload } = await jwtVerify(answer.json().data.jwt as string, keys, {
        issuer: platform.clientId,
        audience: platform.issuer,
        currentDate: new Date(t.clock.now() * 1000),
      });
      expect(payload[`${DL}content_items`]).toEqual([
        {
          type: 'ltiResourceLink',
          title: doc.title,
          url: target(),
          custom: { harmony_set_id: String(set.id), harmony_document_id: String(doc.id) },
          lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: doc.title, resourceId: `document-${doc.id}` },
          submission: { endDateTime: new Date(set.due_at * 1000).toISOString() },
        },
      ]);
      // The exercise's link: a learner lands on its workspace, which opens for them; a teacher on its set.
      const custom = { [`${LTI_CLAIM}custom`]: { harmony_set_id: String(set.id), harmony_document_id: String(doc.id) } };
      const learner = await launch({ sub: 'learner-1', ...custom });
      expect(learner.headers.location).toBe(`/student/course/${courseId}/document/${doc.id}`);
      expect((await clientOf(learner).get(`/api/documents/${doc.id}/workspace`)).statusCode).toBe(200);
      expect((await launch({ sub: 'teacher-1', ...instructor, ...custom })).headers.location).toBe(
        `/course/${courseId}/assignment/${set.id}`,
      );
    });

    it("refuses a Learner, settings without a return URL or resource links, another course's set, and another person", async () => {
      const { teacher, courseId } = await linkedCourse();
      const learner = await launch({ sub: 'learner-1', ...deepLinking() });
      expect([learner.statusCode, message(learner)]).toEqual([403, LtiMessages.deepLinkLearner]);
      const noReturn = await launch({
        sub: 'teacher-1',
        ...instructor,
        ...deepLinking(''),
        [`${DL}deep_linking_settings`]: { accept_types: ['ltiResourceLink'] },
      });
      expect([noReturn.statusCode, message(noReturn)]).toEqual([400, LtiMessages.deepLinkSettings]);
      const noLinks = await launch({
        sub: 'teacher-1',
        ...instructor,
        [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
        [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platform.url}/r`, accept_types: ['file'] },
      });
      expect([noLinks.statusCode, message(noLinks)]).toEqual([400, LtiMessages.deepLinkSettings]);
      const offSite = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking('http://lms.example.edu/return') });
      expect([offSite.statusCode, message(offSite)]).toEqual([400, LtiMessages.deepLinkSettings]);

      const res = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      const key = new URL(String(res.headers.location), t.config.publicUrl).pathname.split('/').at(-1) ?? '';
      const elsewhere = await t.signedIn({ user_type: 2 });
      const foreign = (await elsewhere.client.post('/api/courses', { title: 'Elsewhere' })).json().data as { id: number };
      const foreignSet = (await elsewhere.client.post(`/api/courses/${foreign.id}/assignments`, { title: 'Not here' })).json().data as {
        id: number;
      };
      const wrongSet = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: foreignSet.id });
      expect([wrongSet.statusCode, message(wrongSet)]).toEqual([404, LtiMessages.setNotInCourse]);
      const notTheirs = await elsewhere.client.post(`/api/lti/deep-links/${key}`, { set_id: foreignSet.id });
      expect([notTheirs.statusCode, message(notTheirs)]).toEqual([404, LtiMessages.deepLinkGone]);
      const anonymous = await t.client().post(`/api/lti/deep-links/${key}`, { set_id: foreignSet.id });
      expect(anonymous.statusCode).toBe(401);
      const bad = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: 'x' });
      expect([bad.statusCode, errorsOf(bad)[0]?.field]).toEqual([400, 'set_id']);
      // The refusals did not spend it; a set of the linked course does.
      const own = (await teacher.post(`/api/courses/${courseId}/assignments`, { title: 'Mine' })).json().data as { id: number };
      expect((await teacher.post(`/api/lti/deep-links/${key}`, { set_id: own.id })).statusCode).toBe(200);
      // An hour later a request is gone.
      const late = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      t.clock.advance(3601);
      const lateKey = new URL(String(late.headers.location), t.config.publicUrl).pathname.split('/').at(-1) ?? '';
      const fresh = clientOf(await launch({ sub: 'teacher-1', ...instructor }));
      const expired = await fresh.post(`/api/lti/deep-links/${lateKey}`, { set_id: own.id });
      expect([expired.statusCode, message(expired)]).toEqual([404, LtiMessages.deepLinkGone]);
    });
  });
});
