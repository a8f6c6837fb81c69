import { readHar, writeHar } from '@app/har/format';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  sampleExercise,
  TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { LTI_CLAIM, LTI_ROLE, type LtiPlatformStandIn, type StandInLineItem, startLtiPlatform } from '../../../test/stand-ins.ts';
import { REGRADE_JOB } from '../answer-keys/regrade-job.ts';
import { SCORE_JOB } from './ags.ts';
import { AGS_SCOPE } from './ags-policy.ts';
import { getPlatformAccessToken, PlatformTokenError } from './platform-token.ts';

const DAY = 86_400;
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[]; points: number }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

/** A student's answer file: the key's first answer everywhere, `wrong` items answered N6 (wrong). */
function answerFile(docKey: string, wrong = 0) {
  const exercise = readHar(exerciseBytes);
  return writeHar({
    manifest: { ...exercise.manifest, kind: 'submission', document_key: docKey },
    score: exercise.score,
    answers: { items: keyItems.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') })) },
  });
}

/**
 * Assignment and Grade Services 2.0 (issue 28): scores of a deep-linked set go to the stand-in
 * LMS's line item when the student may see the grade, through the job queue, with a token from
 * the stand-in's token endpoint (client credentials, the tool's signed assertion).
 */
describe.each(dialects)('LTI Assignment and Grade Services (%s)', (dialect) => {
  let t: TestContext;
  let platform: LtiPlatformStandIn;
  let owner: TestClient;
  let classmate: TestClient;
  let courseId: number;
  let setId: number;
  let doc: { id: number; doc_key: string };
  let item: StandInLineItem;
  let learner: TestClient;

  const target = () => `${t.config.publicUrl}/lti/launch`;

  /** A whole launch from the stand-in: login, an id_token with these claims, the launch post. */
  async function launch(claims: Record<string, unknown>): Promise<LightMyRequestResponse> {
    const query = new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: target(), client_id: platform.clientId });
    const login = await t.app.inject({ method: 'GET', url: `/lti/login?${query}` });
    expect(login.statusCode, login.body).toBe(302);
    const location = new URL(String(login.headers.location));
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams({ id_token: token, state: location.searchParams.get('state') ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
    });
    expect(res.statusCode, res.body).toBe(303);
    return res;
  }

  function clientOf(res: LightMyRequestResponse) {
    const client = new TestClient(t.app);
    client.token = res.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    return client;
  }

  const submit = (client: TestClient, bytes: Uint8Array) =>
    client.upload(`/api/documents/${doc.id}/submissions`, multipart([{ name: 'answers.har', bytes }]));
  const postScores = () => t.app.deps.jobs.drain({ names: [SCORE_JOB] });
  const scoreJobs = () => t.app.deps.db.selectFrom('jobs').selectAll().where('name', '=', SCORE_JOB).execute();

  beforeEach(async () => {
    platform = await startLtiPlatform();
    t = await createTestApp(dialect, LONG_SESSIONS);
    // The stand-in checks the tool's client assertions and deep-linking responses against the tool's published keys.
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
    const world = await courseWorld(t);
    courseId = world.courseId;
    owner = world.owner.client;
    [{ client: classmate }] = world.students as [SignedInUser];
    setId = (
      await owner.post(`/api/courses/${courseId}/assignments`, {
        title: 'Cadences',
        released_at: t.clock.now(),
        due_at: t.clock.now() + 7 * DAY,
      })
    ).json().data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))).json().data[0];

    // The LMS course is linked to this course, and its instructor deep-links the set.
    const first = await launch({ sub: 'teacher-1', [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor] });
    const contextId = Number(/^\/lti\/link-course\/(\d+)$/.exec(String(first.headers.location))?.[1]);
    await t.app.deps.db.updateTable('lti_contexts').set({ course_id: courseId }).where('id', '=', contextId).execute();
    const deepLink = await launch({
      sub: 'teacher-1',
      [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor],
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platform.url}/deep-link-return`, accept_types: ['ltiResourceLink'] },
    });
    const key = /^\/lti\/deep-link\/([\w-]+)\?/.exec(String(deepLink.headers.location))?.[1] ?? '';
    const answer = await clientOf(deepLink).post(`/api/lti/deep-links/${key}`, { set_id: setId });
    expect(answer.statusCode, answer.body).toBe(200);
    const { return_url, jwt } = answer.json().data as { return_url: string; jwt: string };
    const returned = await fetch(return_url, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    expect(returned.status, await returned.text()).toBe(200);
    expect(platform.state.lineItems).toHaveLength(1);
    item = platform.state.lineItems[0] as StandInLineItem;
    expect(item).toMatchObject({ resourceId: `set-${setId}`, scoreMaximum: 100, label: 'Cadences' });

    // A learner launches the deep-linked set: the tool learns its line item, and the learner their course.
    learner = clientOf(await launch({ sub: 'learner-1', ...platform.resourceLinkClaims(item) }));
    const stored = await t.app.deps.db.selectFrom('lti_line_items').selectAll().execute();
    expect(stored.map((r) => [r.resource_id, r.lineitem_url])).toEqual([[`set-${setId}`, item.id]]);
  });
  afterEach(async () => {
    await t.close();
    await platform.close();
  });

  it('posts the score once the grade may be shown, for the learner’s sub, and skips a student who never launched', async () => {
    const handedIn = (await submit(learner, answerFile(doc.doc_key, 1))).json().data as { percent: number };
    expect(await postScores()).toBe(1);
    expect(platform.state.scores).toHaveLength(1);
    const posted = platform.state.scores[0];
    expect(posted?.lineItem).toBe(item.id);
    expect(posted?.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(posted?.body).toMatchObject({
      userId: 'learner-1',
      scoreGiven: Math.round(handedIn.percent * 100) / 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(Date.parse(String(posted?.body.timestamp))).toBeGreaterThan(0);
    // The token came from the stand-in's token endpoint with a fresh assertion for the score scope.
    expect(platform.state.tokenRequests).toMatchObject([{ granted: true, scope: AGS_SCOPE.score }]);
    const assertion = decodeJwt(platform.state.tokenRequests[0]?.assertion ?? '');
    expect(assertion).toMatchObject({ iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl });
    expect(typeof assertion.jti).toBe('string');
    expect(platform.gradeBook()).toMatchObject([{ label: 'Cadences', userId: 'learner-1', scoreGiven: posted?.body.scoreGiven }]);

    // A classmate who never launched from the LMS has no sub there: nothing is posted for them.
    expect((await submit(classmate, answerFile(doc.doc_key))).statusCode).toBe(201);
    await postScores();
    expect(platform.state.scores).toHaveLength(1);
    // The cached token served again; the grade book lists the learner alone.
    expect(platform.state.tokenRequests).toHaveLength(1);
  });

  it('does not post a delayed grade before its date, and posts it at the date', async () => {
    // A delayed grade shows on a day at or after the due date (7 days from now).
    const showOn = t.clock.now() + 8 * DAY;
    const put = await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true, show_grade_on_date: showOn });
    expect(put.statusCode, put.body).toBe(200);
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect(await postScores()).toBe(0);
    expect(platform.state.scores).toHaveLength(0);
    // Waiting in the queue for the release date.
    expect((await scoreJobs()).map((j) => [j.status, Number(j.run_after)])).toEqual([['queued', showOn]]);
    t.clock.advance(showOn - t.clock.now() - 1);
    expect(await postScores()).toBe(0);
    expect(platform.state.scores).toHaveLength(0);
    t.clock.advance(1);
    expect(await postScores()).toBe(1);
    expect(platform.state.scores.map((s) => s.body)).toMatchObject([
      { userId: 'learner-1', scoreGiven: 100, gradingProgress: 'FullyGraded' },
    ]);

    // The instructor moves the (passed) date later: the LMS's grade is taken back at once, and sent again at the new date.
    const laterDate = showOn + DAY;
    expect((await owner.put(`/api/documents/${doc.id}`, { show_grade_on_date: laterDate })).statusCode).toBe(200);
    expect((await scoreJobs()).map((j) => [Number(j.run_after), JSON.parse(j.payload).recall ?? false]).sort()).toEqual(
      [
        [laterDate, false],
        [t.clock.now(), true],
      ].sort(),
    );
    expect(await postScores()).toBe(1);
    const recalled = platform.state.scores.at(-1)?.body;
    expect(recalled).toMatchObject({ userId: 'learner-1', activityProgress: 'Completed', gradingProgress: 'Pending' });
    expect(recalled).not.toHaveProperty('scoreGiven');
    expect(platform.gradeBook()).toMatchObject([{ userId: 'learner-1', scoreGiven: undefined, gradingProgress: 'Pending' }]);
    // Moving it again while withheld takes nothing back twice; the grade returns at the date.
    expect((await owner.put(`/api/documents/${doc.id}`, { show_grade_on_date: laterDate + DAY })).statusCode).toBe(200);
    expect((await scoreJobs()).filter((j) => JSON.parse(j.payload).recall)).toHaveLength(0);
    expect(await postScores()).toBe(0);
    expect(platform.state.scores).toHaveLength(2);
    t.clock.advance(laterDate + DAY - t.clock.now());
    await postScores();
    expect(platform.gradeBook()).toMatchObject([{ userId: 'learner-1', scoreGiven: 100, gradingProgress: 'FullyGraded' }]);
  });

  it('follows the instructor moving a delayed grade’s date, and lifting the delay', async () => {
    const firstDate = t.clock.now() + 8 * DAY;
    const laterDate = t.clock.now() + 9 * DAY;
    await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true, show_grade_on_date: firstDate });
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect((await owner.put(`/api/documents/${doc.id}`, { show_grade_on_date: laterDate })).statusCode).toBe(200);
    expect((await scoreJobs()).map((j) => Number(j.run_after)).sort()).toEqual([firstDate, laterDate]);
    // At the first date the grade is still withheld: the job runs and posts nothing.
    t.clock.advance(firstDate - t.clock.now());
    expect(await postScores()).toBe(1);
    expect(platform.state.scores).toHaveLength(0);
    // The instructor lifts the delay: the score goes out at once.
    expect((await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: false })).statusCode).toBe(200);
    expect(await postScores()).toBe(1);
    expect(platform.state.scores.map((s) => s.body.scoreGiven)).toEqual([100]);
  });

  it('queues the posts of a moved release date in one statement, whatever the number of students', async () => {
    const firstDate = t.clock.now() + 8 * DAY;
    const laterDate = t.clock.now() + 9 * DAY;
    await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true, show_grade_on_date: firstDate });
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect((await submit(classmate, answerFile(doc.doc_key))).statusCode).toBe(201);
    t.queries.length = 0;
    expect((await owner.put(`/api/documents/${doc.id}`, { show_grade_on_date: laterDate })).statusCode).toBe(200);
    expect(t.queries.filter((statement) => /^insert into "jobs"/i.test(statement))).toHaveLength(1);
    const later = (await scoreJobs()).filter((j) => Number(j.run_after) === laterDate);
    expect(later.map((j) => JSON.parse(j.payload).setId)).toEqual([setId, setId]);
  });

  it('posts again after a regrade', async () => {
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    const first = (await submit(learner, answerFile(doc.doc_key, 1))).json().data as { percent: number };
    await postScores();
    expect(platform.state.scores.map((s) => s.body.scoreGiven)).toEqual([Math.round(first.percent * 100) / 100]);
    // The key now accepts the wrong answer too; the regrade raises the grade, and the LMS hears of it.
    const key = {
      items: keyItems.map((k, i) => ({ id: k.id, answers: i === 0 ? [...k.answers, 'N6'] : k.answers, points: k.points })),
    };
    expect((await owner.put(`/api/documents/${doc.id}/key`, key)).statusCode).toBe(200);
    expect((await owner.post(`/api/documents/${doc.id}/regrade`)).statusCode).toBe(202);
    await t.app.deps.jobs.drain({ names: [REGRADE_JOB] });
    expect(await postScores()).toBe(1);
    expect(platform.state.scores.map((s) => s.body.scoreGiven)).toEqual([Math.round(first.percent * 100) / 100, 100]);
    expect(platform.gradeBook()).toMatchObject([{ userId: 'learner-1', scoreGiven: 100 }]);
  });

  it('clears the LMS’s score when the instructor removes the student’s only submission', async () => {
    const handedIn = (await submit(learner, answerFile(doc.doc_key))).json().data as { id: number };
    await postScores();
    expect((await owner.delete(`/api/submissions/${handedIn.id}`)).statusCode).toBe(200);
    await postScores();
    expect(platform.state.scores.map((s) => s.body)).toMatchObject([
      { userId: 'learner-1', scoreGiven: 100 },
      { userId: 'learner-1', activityProgress: 'Initialized', gradingProgress: 'NotReady' },
    ]);
    expect(platform.state.scores[1]?.body).not.toHaveProperty('scoreGiven');
  });

  it('retries with a growing pause while the platform answers 5xx', async () => {
    platform.state.failScores = 2;
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    await postScores();
    expect(platform.state.scores).toHaveLength(0);
    const [waiting] = await scoreJobs();
    expect(waiting?.status).toBe('queued');
    expect(waiting?.last_error).toContain('503');
    expect(Number(waiting?.run_after)).toBe(t.clock.now() + 10);
    t.clock.advance(10);
    await postScores();
    expect(Number((await scoreJobs())[0]?.run_after)).toBe(t.clock.now() + 20);
    t.clock.advance(20);
    await postScores();
    expect(platform.state.scores.map((s) => s.body.scoreGiven)).toEqual([100]);
    expect(await scoreJobs()).toHaveLength(0);
  });

  it('gets a fresh token when the platform refuses a replayed assertion or a revoked token', async () => {
    const stored = await t.app.deps.db.selectFrom('lti_platforms').selectAll().executeTakeFirstOrThrow();
    const first = await getPlatformAccessToken(t.app.deps, stored, [AGS_SCOPE.score]);
    // Cached for the same scopes; another scope set asks again.
    expect(await getPlatformAccessToken(t.app.deps, stored, [AGS_SCOPE.score])).toBe(first);
    await getPlatformAccessToken(t.app.deps, stored, [AGS_SCOPE.lineItem, AGS_SCOPE.score]);
    expect(platform.state.tokenRequests).toHaveLength(2);
    // The same assertion sent again (a replay) is refused by the platform.
    const replay = await fetch(platform.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: platform.state.tokenRequests[0]?.assertion ?? '',
        scope: AGS_SCOPE.score,
      }),
    });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error_description: string }).error_description).toBe('client assertion replayed (jti seen before)');
    // A token near its end is not used: the tool signs a new assertion (a new jti) and is granted a new token.
    t.clock.advance(3600 - 30);
    const fresh = await getPlatformAccessToken(t.app.deps, stored, [AGS_SCOPE.score]);
    expect(fresh).not.toBe(first);
    const granted = platform.state.tokenRequests.filter((r) => r.granted).map((r) => decodeJwt(r.assertion).jti);
    expect(new Set(granted).size).toBe(3);

    // The platform drops its tokens: the score post's 401 makes the tool get a new one and post.
    platform.state.accessTokens.clear();
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect(await postScores()).toBe(1);
    expect(platform.state.scores).toHaveLength(1);
    expect(platform.state.tokenRequests.filter((r) => r.granted)).toHaveLength(4);
  });

  it('reaches a loopback token URL only outside production mode', async () => {
    const stored = await t.app.deps.db.selectFrom('lti_platforms').selectAll().executeTakeFirstOrThrow();
    const production = { ...t.app.deps, config: { ...t.app.deps.config, mode: 'production' as const } };
    await expect(getPlatformAccessToken(production, stored, [AGS_SCOPE.score])).rejects.toBeInstanceOf(PlatformTokenError);
    expect(platform.state.tokenRequests).toHaveLength(0);
  });

  it('posts a deep-linked single exercise’s score to its own line item, beside the set’s', async () => {
    const deepLink = await launch({
      sub: 'teacher-1',
      [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor],
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platform.url}/deep-link-return`, accept_types: ['ltiResourceLink'] },
    });
    const key = /^\/lti\/deep-link\/([\w-]+)\?/.exec(String(deepLink.headers.location))?.[1] ?? '';
    const { return_url, jwt } = (await clientOf(deepLink).post(`/api/lti/deep-links/${key}`, { set_id: setId, document_id: doc.id })).json()
      .data as { return_url: string; jwt: string };
    expect((await fetch(return_url, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) })).status).toBe(200);
    const exercise = platform.state.lineItems[1] as StandInLineItem;
    expect(exercise.resourceId).toBe(`document-${doc.id}`);
    await launch({ sub: 'learner-1', ...platform.resourceLinkClaims(exercise) });
    const handedIn = (await submit(learner, answerFile(doc.doc_key, 1))).json().data as { percent: number };
    expect(await postScores()).toBe(1);
    const expected = Math.round(handedIn.percent * 100) / 100;
    expect(platform.state.scores.map((s) => [s.lineItem, s.body.scoreGiven]).sort()).toEqual(
      [
        [item.id, expected],
        [exercise.id, expected],
      ].sort(),
    );

    // The instructor turns on the delay (its date the due date): both grades leave the LMS's grade book until then.
    expect((await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true })).statusCode).toBe(200);
    expect(await postScores()).toBe(1);
    const book = () => platform.gradeBook().map((g) => [g.lineItem, g.scoreGiven, g.gradingProgress]);
    expect(book().sort()).toEqual(
      [
        [item.id, undefined, 'Pending'],
        [exercise.id, undefined, 'Pending'],
      ].sort(),
    );
    t.clock.advance(7 * DAY);
    expect(await postScores()).toBe(1);
    expect(book().sort()).toEqual(
      [
        [item.id, expected, 'FullyGraded'],
        [exercise.id, expected, 'FullyGraded'],
      ].sort(),
    );
  });

  it('finds the set’s line item through the line-items service when no launch named it', async () => {
    await t.app.deps.db.deleteFrom('lti_line_items').execute();
    expect((await submit(learner, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect(await postScores()).toBe(1);
    expect(platform.state.scores.map((s) => s.lineItem)).toEqual([item.id]);
    expect(platform.state.tokenRequests.map((r) => r.scope)).toEqual([AGS_SCOPE.lineItem, AGS_SCOPE.score]);
    const stored = await t.app.deps.db.selectFrom('lti_line_items').select('lineitem_url').execute();
    expect(stored.map((r) => r.lineitem_url)).toEqual([item.id]);
  });
});
