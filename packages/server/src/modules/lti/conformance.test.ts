import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, multipart, sampleExercise, TestClient, type TestContext } from '../../../test/helpers.ts';
import { AGS_CLAIM, AGS_SCOPES, LTI_CLAIM, LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../../test/stand-ins.ts';
import { SCORE_JOB } from './ags.ts';
import { LINE_ITEM_JOB } from './line-items.ts';
import { LINE_ITEM_SCORE_MAXIMUM, LtiMessages } from './policy.ts';
import { REFUSAL_TEXTS } from './refusal-page.ts';

type Login = { state: string; nonce: string; cookies: Record<string, string> };
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const PRESENTATION = `${LTI_CLAIM}launch_presentation`;

/**
 * Issue 37: the LTI conformance gaps an outside probe found (config.json's redirect_uris, an
 * id_token without kid, a resource-link launch without resource_link), and what people meet in the
 * LMS (refusal pages in their language, a deep-linking first launch, line items the tool makes, a
 * launch without context, a Dynamic Registration without deployment id).
 */
describe.each(dialects)('LTI conformance and refusals (%s)', (dialect) => {
  let t: TestContext;
  let platform: LtiPlatformStandIn;

  beforeAll(async () => {
    platform = await startLtiPlatform();
  });
  afterAll(async () => {
    await platform.close();
  });
  beforeEach(async () => {
    t = await createTestApp(dialect);
    platform.state.createdLineItems.length = 0;
    platform.state.lineItems.length = 0;
    platform.state.registrationDeploymentId = platform.deploymentId;
    await register(platform);
  });
  afterEach(async () => {
    await t.close();
  });

  const target = () => `${t.config.publicUrl}/lti/launch`;
  const register = (p: LtiPlatformStandIn) =>
    t.app.services.lti.addPlatform({
      issuer: p.issuer,
      clientId: p.clientId,
      deploymentIds: [p.deploymentId],
      authUrl: p.authUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      emailsVerified: false,
    });

  async function login(headers: Record<string, string> = {}): Promise<Login> {
    const query = new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'hint-1',
      target_link_uri: target(),
      client_id: platform.clientId,
    });
    const res = await t.app.inject({ method: 'GET', url: `/lti/login?${query}`, headers });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(String(res.headers.location));
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    return { state: location.searchParams.get('state') ?? '', nonce: location.searchParams.get('nonce') ?? '', cookies };
  }

  async function launch(
    claims: Record<string, unknown> = {},
    how: Parameters<LtiPlatformStandIn['sign']>[1] & { headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const l = await login();
    const base = { sub: 'learner-1', ...platform.launchClaims(), [`${LTI_CLAIM}target_link_uri`]: target(), nonce: l.nonce };
    const token = await platform.sign({ ...base, ...claims }, { now: t.clock.now(), ...how });
    return t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams({ id_token: token, state: l.state }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...how.headers },
      cookies: l.cookies,
    });
  }

  function clientOf(res: LightMyRequestResponse) {
    const token = res.cookies.find((c) => c.name === 'access_token')?.value;
    if (!token) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
    const client = new TestClient(t.app);
    client.token = token;
    return client;
  }
  const message = (res: LightMyRequestResponse) => errorsOf(res)[0]?.message ?? errorsOf(res)[0]?.messages?.[0];
  const instructor = { [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor] };
  const noSession = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'access_token') === undefined;
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const deepLinking = (settings: Record<string, unknown> = {}) => ({
    [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
    [`${LTI_CLAIM}resource_link`]: undefined,
    [`${DL}deep_linking_settings`]: {
      deep_link_return_url: `${platform.url}/deep-link-return`,
      accept_types: ['ltiResourceLink'],
      ...settings,
    },
  });
  const keyOf = (location: string) => new URL(location, t.config.publicUrl).pathname.split('/').at(-1) ?? '';

  async function linkedCourse() {
    const first = await launch({ sub: 'teacher-1', ...instructor });
    expect(first.statusCode, first.body).toBe(303);
    const contextId = Number(/^\/lti\/link-course\/(\d+)$/.exec(String(first.headers.location))?.[1]);
    const teacher = clientOf(first);
    const course = (await teacher.post('/api/courses', { title: 'Harmony I' })).json().data as { id: number };
    expect((await teacher.post(`/api/lti/contexts/${contextId}/link`, { course_id: course.id })).statusCode).toBe(200);
    return { teacher, courseId: course.id, contextId };
  }
  async function setWithExercises(teacher: TestClient, courseId: number, count: number, title = 'Cadences') {
    const set = (
      await teacher.post(`/api/courses/${courseId}/assignments`, { title, due_at: t.clock.now() + 7 * 86_400, released_at: t.clock.now() })
    ).json().data as { id: number; due_at: number };
    const docs: { id: number; title: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await teacher.upload(
        `/api/assignments/${set.id}/documents`,
        multipart([{ name: `ex${i}.har`, bytes: sampleExercise().bytes }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      docs.push(res.json().data[0] as { id: number; title: string });
    }
    return { set, docs };
  }

  describe('conformance', () => {
    it("names the tool's redirect URIs in /lti/config.json", async () => {
      const config = (await t.client().get('/lti/config.json')).json() as Record<string, unknown>;
      expect(config.redirect_uris).toEqual([target()]);
    });

    it('refuses a correctly signed id_token with no kid in its header', async () => {
      const res = await launch({ sub: 'teacher-1', ...instructor }, { kid: false });
      expect([res.statusCode, message(res)]).toEqual([401, LtiMessages.tokenInvalid]);
      expect(noSession(res)).toBe(true);
      // The same token with its kid is taken.
      expect((await launch({ sub: 'teacher-1', ...instructor })).statusCode).toBe(303);
    });

    it('refuses an LtiResourceLinkRequest without resource_link or its id; a deep-linking request needs none', async () => {
      for (const link of [undefined, {}, { id: '' }, { id: 'r'.repeat(256) }, 'resource-link-1']) {
        const res = await launch({ sub: 'teacher-1', ...instructor, [`${LTI_CLAIM}resource_link`]: link });
        expect([JSON.stringify(link), res.statusCode, message(res)]).toEqual([JSON.stringify(link), 400, LtiMessages.noResourceLink]);
        expect(noSession(res)).toBe(true);
      }
      await linkedCourse();
      const deep = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      expect(deep.statusCode, deep.body).toBe(303);
    });
  });

  describe('refusal pages', () => {
    it("answers a browser's refused launch with a page in the launch's language, its status and a support code, never JSON", async () => {
      // The instructor's launch made the LMS course; it is not linked yet.
      expect((await launch({ sub: 'teacher-1', ...instructor })).statusCode).toBe(303);
      const res = await launch({ sub: 'learner-1', [PRESENTATION]: { locale: 'ko-KR' } }, { headers: html });
      expect(res.statusCode).toBe(409);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      expect(noSession(res)).toBe(true);
      expect(res.body).toContain('<html lang="ko">');
      expect(res.body).toContain(REFUSAL_TEXTS.ko.kinds.notLinked.what);
      expect(res.body).toContain(REFUSAL_TEXTS.ko.kinds.notLinked.todo);
      expect(res.body).toContain('lti.notLinked');
      // The reference support reads in the log: the request's id.
      expect(res.body).toContain(String(res.headers['x-request-id'] ?? '').slice(0, 8));
      expect(res.body).not.toContain('"errors"');
      // No locale claim: the browser's Accept-Language (Traditional Chinese for zh-TW).
      const zh = await launch({ sub: 'learner-2' }, { headers: { ...html, 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' } });
      expect(zh.statusCode).toBe(409);
      expect(zh.body).toContain('<html lang="zh-Hant">');
      expect(zh.body).toContain(REFUSAL_TEXTS['zh-hant'].kinds.notLinked.what);
      // A language the product lacks: English.
      const fr = await launch({ sub: 'learner-3', [PRESENTATION]: { locale: 'fr-FR' } }, { headers: { ...html, 'accept-language': 'fr' } });
      expect(fr.body).toContain('<html lang="en">');
      expect(fr.body).toContain(REFUSAL_TEXTS.en.kinds.notLinked.what);
    });

    it('shows every launch and login refusal (400, 401, 403) as a page: a bad token, an unknown deployment, no role, a spent state', async () => {
      const cases: [string, Record<string, unknown>, Parameters<LtiPlatformStandIn['sign']>[1], number, string, string][] = [
        ['bad token', {}, { key: 'other' }, 401, 'lti.tokenInvalid', REFUSAL_TEXTS.en.kinds.setup.what],
        [
          'unknown deployment',
          { [`${LTI_CLAIM}deployment_id`]: 'deployment-9' },
          {},
          403,
          'lti.unknownDeployment',
          REFUSAL_TEXTS.en.kinds.setup.what,
        ],
        ['no role', { [`${LTI_CLAIM}roles`]: [LTI_ROLE.institutionInstructor] }, {}, 403, 'lti.noRole', REFUSAL_TEXTS.en.kinds.noRole.what],
        [
          'no resource link',
          { [`${LTI_CLAIM}resource_link`]: undefined },
          {},
          400,
          'lti.noResourceLink',
          REFUSAL_TEXTS.en.kinds.setup.what,
        ],
      ];
      for (const [name, claims, how, status, code, what] of cases) {
        const res = await launch(claims, { ...how, headers: html });
        expect([name, res.statusCode, String(res.headers['content-type']).startsWith('text/html')]).toEqual([name, status, true]);
        expect(res.body, name).toContain(code);
        expect(res.body, name).toContain(what);
      }
      // A state never issued (the launch page reloaded, say).
      const stale = await t.app.inject({
        method: 'POST',
        url: '/lti/launch',
        payload: 'id_token=x&state=made-up',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...html, 'accept-language': 'zh-CN' },
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.body).toContain('<html lang="zh-Hans">');
      expect(stale.body).toContain(REFUSAL_TEXTS['zh-hans'].kinds.expired.what);
      expect(stale.body).toContain('lti.stateInvalid');
      // A login from an LMS that is not registered.
      const query = new URLSearchParams({ iss: 'https://lms.example.edu', login_hint: 'x', target_link_uri: target() });
      const unknown = await t.app.inject({ method: 'GET', url: `/lti/login?${query}`, headers: html });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toContain('lti.unknownPlatform');
      expect(unknown.body).toContain(REFUSAL_TEXTS.en.kinds.setup.todo);
      // The page carries no script and is framed like the rest of the site.
      expect(unknown.body).not.toContain('<script');
    });

    it('keeps answering JSON to a caller that does not ask for a page', async () => {
      const res = await launch({ [`${LTI_CLAIM}deployment_id`]: 'deployment-9' }, { headers: { accept: 'application/json' } });
      expect([res.statusCode, message(res)]).toEqual([403, LtiMessages.unknownDeployment]);
    });
  });

  describe('what people meet', () => {
    it("keeps an instructor's deep-linking first launch through linking the course, then opens the picker with it", async () => {
      const first = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking() });
      expect(first.statusCode, first.body).toBe(303);
      const match = /^\/lti\/link-course\/(\d+)\?deep_link=([\w-]+)$/.exec(String(first.headers.location));
      expect(match, String(first.headers.location)).not.toBeNull();
      const [, contextId, key] = match ?? [];
      const teacher = clientOf(first);
      // Before linking there is no course to pick from: the request waits, unspent.
      const early = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: 1 });
      expect([early.statusCode, message(early)]).toEqual([404, LtiMessages.deepLinkGone]);
      const created = await teacher.post(`/api/lti/contexts/${contextId}/course`);
      expect(created.statusCode, created.body).toBe(201);
      const courseId = created.json().data.course_id as number;
      const { set } = await setWithExercises(teacher, courseId, 0);
      const answer = await teacher.post(`/api/lti/deep-links/${key}`, { set_id: set.id });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.return_url).toBe(`${platform.url}/deep-link-return`);
      // Another person cannot use it, and a learner's deep-linking first launch is still refused.
      const learner = await launch({ sub: 'learner-1', ...deepLinking() });
      expect([learner.statusCode, message(learner)]).toEqual([403, LtiMessages.deepLinkLearner]);
    });

    it('honours accept_multiple (several exercises in one response) and accept_lineitem (no line item asked for)', async () => {
      const { teacher, courseId } = await linkedCourse();
      const { set, docs } = await setWithExercises(teacher, courseId, 2);
      const [a, b] = docs as [{ id: number; title: string }, { id: number; title: string }];
      const many = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking({ accept_multiple: true, accept_lineitem: false }) });
      expect(String(many.headers.location)).toMatch(new RegExp(`^/lti/deep-link/[\\w-]+\\?course=${courseId}&multiple=1$`));
      const answer = await teacher.post(`/api/lti/deep-links/${keyOf(String(many.headers.location))}`, {
        set_id: set.id,
        document_ids: [a.id, b.id],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const keys = createLocalJWKSet((await t.client().get('/lti/jwks')).json());
      const { payload } = await jwtVerify(answer.json().data.jwt as string, keys, { currentDate: new Date(t.clock.now() * 1000) });
      const items = payload[`${DL}content_items`] as Record<string, unknown>[];
      expect(items.map((i) => i.custom)).toEqual([
        { harmony_set_id: String(set.id), harmony_document_id: String(a.id) },
        { harmony_set_id: String(set.id), harmony_document_id: String(b.id) },
      ]);
      expect(items.some((i) => 'lineItem' in i)).toBe(false);

      // A platform that takes one item (accept_multiple absent or false): several are refused, one is fine, with its line item.
      const one = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking({ accept_multiple: false }) });
      expect(String(one.headers.location)).not.toContain('multiple');
      const oneKey = keyOf(String(one.headers.location));
      const several = await teacher.post(`/api/lti/deep-links/${oneKey}`, { set_id: set.id, document_ids: [a.id, b.id] });
      expect([several.statusCode, message(several)]).toEqual([400, LtiMessages.deepLinkOneItem]);
      const bad = await teacher.post(`/api/lti/deep-links/${oneKey}`, { set_id: set.id, document_ids: [] });
      expect([bad.statusCode, errorsOf(bad)[0]?.field]).toEqual([400, 'document_ids']);
      const both = await teacher.post(`/api/lti/deep-links/${oneKey}`, { set_id: set.id, document_id: a.id, document_ids: [a.id] });
      expect(both.statusCode).toBe(400);
      const single = await teacher.post(`/api/lti/deep-links/${oneKey}`, { set_id: set.id, document_ids: [b.id] });
      expect(single.statusCode, single.body).toBe(200);
      const singleItems = (await jwtVerify(single.json().data.jwt as string, keys, { currentDate: new Date(t.clock.now() * 1000) }))
        .payload[`${DL}content_items`] as Record<string, unknown>[];
      expect(singleItems).toHaveLength(1);
      expect(singleItems[0]?.lineItem).toEqual({ scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: b.title, resourceId: `document-${b.id}` });
      // An exercise of another set among several is refused like one.
      const other = await setWithExercises(teacher, courseId, 1, 'Sequences');
      const mixed = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking({ accept_multiple: true }) });
      const wrong = await teacher.post(`/api/lti/deep-links/${keyOf(String(mixed.headers.location))}`, {
        set_id: set.id,
        document_ids: [a.id, other.docs[0]?.id ?? 0],
      });
      expect([wrong.statusCode, message(wrong)]).toEqual([404, LtiMessages.documentNotInSet]);
    });

    it('creates the line item when a graded set or exercise is launched from a link without one, once', async () => {
      const { teacher, courseId, contextId } = await linkedCourse();
      const { set, docs } = await setWithExercises(teacher, courseId, 1);
      const empty = (await teacher.post(`/api/courses/${courseId}/assignments`, { title: 'Nothing graded yet' })).json().data as {
        id: number;
      };
      const link = (id: string, custom: Record<string, string>) => ({
        [`${LTI_CLAIM}resource_link`]: { id, title: 'Added by hand' },
        [`${LTI_CLAIM}custom`]: custom,
      });
      const runJobs = () => t.app.deps.jobs.drain({ names: [LINE_ITEM_JOB] });
      // The stand-in checks the tool's client assertions against the tool's published keys.
      platform.state.toolJwksUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/lti/jwks`;
      // A link to the set, added by hand (its custom parameter names the set), launched by a learner.
      const res = await launch({ sub: 'learner-1', ...link('hand-link-1', { harmony_set_id: String(set.id) }) });
      expect(res.statusCode, res.body).toBe(303);
      await runJobs();
      expect(platform.state.createdLineItems).toEqual([
        {
          scoreMaximum: LINE_ITEM_SCORE_MAXIMUM,
          label: 'Cadences',
          resourceId: `set-${set.id}`,
          resourceLinkId: 'hand-link-1',
          endDateTime: new Date(set.due_at * 1000).toISOString(),
        },
      ]);
      const stored = await t.app.deps.db
        .selectFrom('lti_line_items')
        .select(['resource_id', 'lineitem_url as url'])
        .where('context_id', '=', contextId)
        .execute();
      expect(stored).toEqual([{ resource_id: `set-${set.id}`, url: platform.state.lineItems[0]?.id }]);
      // Launched again: it is known, nothing is made.
      await launch({ sub: 'learner-2', ...link('hand-link-1', { harmony_set_id: String(set.id) }) });
      await runJobs();
      expect(platform.state.createdLineItems).toHaveLength(1);
      // One exercise of it, by a teacher: its own line item.
      const doc = docs[0] as { id: number; title: string };
      await launch({
        sub: 'teacher-1',
        ...instructor,
        ...link('hand-link-2', { harmony_set_id: String(set.id), harmony_document_id: String(doc.id) }),
      });
      await runJobs();
      expect(platform.state.createdLineItems.at(-1)).toMatchObject({
        label: doc.title,
        resourceId: `document-${doc.id}`,
        resourceLinkId: 'hand-link-2',
      });
      // None for a set with nothing graded, a link whose launch names its line item, or a platform that lets the tool only read line items.
      const before = platform.state.createdLineItems.length;
      await launch({ sub: 'learner-1', ...link('hand-link-3', { harmony_set_id: String(empty.id) }) });
      const named = platform.resourceLinkClaims({
        id: `${platform.url}/contexts/context-1/lineitems/99`,
        contextId: 'context-1',
        label: 'x',
        scoreMaximum: 100,
        resourceLinkId: 'deep-1',
        custom: { harmony_set_id: String(set.id), harmony_document_id: String(doc.id) },
      });
      await launch({ sub: 'learner-1', ...named });
      const readOnly = {
        [AGS_CLAIM]: { scope: [AGS_SCOPES.lineItemReadOnly, AGS_SCOPES.score], lineitems: `${platform.url}/contexts/context-1/lineitems` },
      };
      const other = await setWithExercises(teacher, courseId, 1, 'Sequences');
      await launch({ sub: 'learner-1', ...link('hand-link-4', { harmony_set_id: String(other.set.id) }), ...readOnly });
      await runJobs();
      expect(platform.state.createdLineItems).toHaveLength(before);
      // A course navigation link (no custom parameters) names nothing to grade.
      await launch({ sub: 'learner-1', ...link('nav-1', {}) });
      expect(await t.app.deps.db.selectFrom('jobs').select('name').where('name', '=', LINE_ITEM_JOB).execute()).toEqual([]);
    });

    it('sends the grades handed in before the line item existed to the line item it makes', async () => {
      const { teacher, courseId } = await linkedCourse();
      const { set, docs } = await setWithExercises(teacher, courseId, 1);
      platform.state.toolJwksUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/lti/jwks`;
      // The learner joins through the course navigation link, and hands the exercise in: no line item to send it to.
      const learner = clientOf(await launch({ sub: 'learner-1', [`${LTI_CLAIM}resource_link`]: { id: 'nav-1' } }));
      const answers = sampleExercise().keyItems.map((item) => ({ id: item.id, answer: item.answers[0] ?? '' }));
      const handIn = await learner.post(`/api/documents/${docs[0]?.id}/submissions`, { answers });
      expect(handIn.statusCode, handIn.body).toBe(201);
      await t.app.deps.jobs.drain({ names: [SCORE_JOB] });
      expect(platform.state.scores).toEqual([]);
      // A link to the set added by hand, launched by the teacher: the line item is made, and the grade goes to it.
      await launch({
        sub: 'teacher-1',
        ...instructor,
        [`${LTI_CLAIM}resource_link`]: { id: 'hand-link-9' },
        [`${LTI_CLAIM}custom`]: { harmony_set_id: String(set.id) },
      });
      await t.app.deps.jobs.drain({ names: [LINE_ITEM_JOB] });
      await t.app.deps.jobs.drain({ names: [SCORE_JOB] });
      const lineItem = platform.state.lineItems.find((i) => i.resourceId === `set-${set.id}`);
      expect(lineItem?.resourceLinkId).toBe('hand-link-9');
      expect(platform.state.scores.map((score) => [score.lineItem, score.body.userId, score.body.scoreGiven])).toEqual([
        [lineItem?.id, 'learner-1', 100],
      ]);
    });

    it("lands a launch without context on the person's dashboard; a deep-linking request without context is explained", async () => {
      const res = await launch({ sub: 'teacher-1', ...instructor, [`${LTI_CLAIM}context`]: undefined });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/');
      const person = (await clientOf(res).get('/api/users')).json().data as { user_type: number };
      expect(person.user_type).toBe(2);
      // No LMS course was made.
      expect(await t.app.deps.db.selectFrom('lti_contexts').select('id').execute()).toEqual([]);
      // The same person again, then with a context: the same account.
      const again = await launch({ sub: 'teacher-1', ...instructor });
      expect(((await clientOf(again).get('/api/users')).json().data as { id: number }).id).toBe(
        ((await clientOf(res).get('/api/users')).json().data as { id: number }).id,
      );
      const deep = await launch({ sub: 'teacher-1', ...instructor, ...deepLinking(), [`${LTI_CLAIM}context`]: undefined });
      expect([deep.statusCode, message(deep)]).toEqual([400, LtiMessages.noContext]);
    });
  });
});

describe.each(dialects)('LTI Dynamic Registration without deployment id (%s)', (dialect) => {
  let t: TestContext;
  let platform: LtiPlatformStandIn;

  beforeAll(async () => {
    platform = await startLtiPlatform({ clientId: 'dynamic-client', deploymentId: 'dynamic-deployment' });
  });
  afterAll(async () => {
    await platform.close();
  });
  beforeEach(async () => {
    t = await createTestApp(dialect);
    platform.state.registrationDeploymentId = null;
  });
  afterEach(async () => {
    await t.close();
  });

  const target = () => `${t.config.publicUrl}/lti/launch`;
  async function launch(claims: Record<string, unknown>, how: Parameters<LtiPlatformStandIn['sign']>[1] = {}) {
    const query = new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: target(), client_id: platform.clientId });
    const started = await t.app.inject({ method: 'GET', url: `/lti/login?${query}` });
    const location = new URL(String(started.headers.location));
    const cookies = Object.fromEntries(started.cookies.map((c) => [c.name, c.value]));
    const token = await platform.sign(
      {
        sub: 'teacher-1',
        ...platform.launchClaims(),
        [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor],
        [`${LTI_CLAIM}target_link_uri`]: target(),
        nonce: location.searchParams.get('nonce'),
        ...claims,
      },
      { now: t.clock.now(), ...how },
    );
    return t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams({ id_token: token, state: location.searchParams.get('state') ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
    });
  }
  const deployments = async () =>
    (await t.app.deps.db.selectFrom('lti_deployments').select('deployment_id').execute()).map((d) => d.deployment_id);

  it('takes the deployment id from the first verified launch of a client registered without one, and only that one', async () => {
    const { url } = await t.app.services.lti.registrationUrl();
    const key = url.split('/').at(-1) ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/lti/registrations/${key}`,
      payload: { openid_configuration: platform.openIdConfigurationUrl, registration_token: 'registration-token-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.deployment_id).toBeNull();
    expect(await deployments()).toEqual([]);
    // A launch whose signature fails gives it nothing.
    const forged = await launch({ [`${LTI_CLAIM}deployment_id`]: 'forged-deployment' }, { key: 'other' });
    expect(forged.statusCode).toBe(401);
    expect(await deployments()).toEqual([]);
    const first = await launch({ [`${LTI_CLAIM}deployment_id`]: 'deployment-from-launch' });
    expect(first.statusCode, first.body).toBe(303);
    expect(await deployments()).toEqual(['deployment-from-launch']);
    expect((await launch({ [`${LTI_CLAIM}deployment_id`]: 'deployment-from-launch' })).statusCode).toBe(303);
    // Another deployment afterwards is refused until the admin adds it.
    const second = await launch({ [`${LTI_CLAIM}deployment_id`]: 'another-deployment' });
    expect([second.statusCode, errorsOf(second)[0]?.message]).toEqual([403, LtiMessages.unknownDeployment]);
    const [row] = await t.app.services.lti.listPlatforms();
    expect(row?.deployment_pending).toBe(0);
  });
});
