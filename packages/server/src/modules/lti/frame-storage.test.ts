import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestContext } from '../../../test/helpers.ts';
import { LTI_CLAIM, LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../../test/stand-ins.ts';
import { FRAME_TEXTS } from './frame-page.ts';
import { LtiMessages } from './policy.ts';

type PageData = {
  mode: 'login' | 'launch';
  next?: string;
  newWindow?: string;
  storage: { target: string; origin: string; key: string; value?: string } | null;
  idToken?: string;
  state?: string;
  texts: typeof FRAME_TEXTS;
};

/**
 * Third-party cookies (issue 28): LTI Client Side postMessage storage where the platform offers it
 * (`lti_storage_target`), a new window where it does not and the frame's cookies are blocked; the
 * cookie path unchanged; the state stays bound to the browser (its platform frame).
 */
describe.each(dialects)('LTI login and launch in a frame without cookies (%s)', (dialect) => {
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
    await t.app.services.lti.addPlatform({
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      authUrl: platform.authUrl,
      tokenUrl: platform.tokenUrl,
      jwksUrl: platform.jwksUrl,
      emailsVerified: false,
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const target = () => `${t.config.publicUrl}/lti/launch`;
  const loginParams = (extra: Record<string, string> = {}) => ({
    iss: platform.issuer,
    login_hint: 'hint-1',
    target_link_uri: target(),
    client_id: platform.clientId,
    ...extra,
  });
  const pageData = (res: LightMyRequestResponse): PageData => {
    const json = /<script type="application\/json" id="lti-frame-data">(.*?)<\/script>/s.exec(res.body)?.[1];
    if (!json) throw new Error(`no page data: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return JSON.parse(json) as PageData;
  };
  const message = (res: LightMyRequestResponse) => errorsOf(res)[0]?.message;
  const idTokenFor = async (nonce: string, claims: Record<string, unknown> = {}) =>
    platform.sign(
      { sub: 'learner-1', ...platform.launchClaims(), [`${LTI_CLAIM}target_link_uri`]: target(), nonce, ...claims },
      { now: t.clock.now() },
    );
  const postLaunch = (body: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams(body).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
    });

  it('stores the browser secret in the platform frame (lti.put_data), reads it back when the cookie is not sent, and launches', async () => {
    const login = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams(loginParams({ lti_storage_target: '_parent' }))}`,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(String(login.headers['content-type'])).toContain('text/html');
    const cookie = login.cookies.find((c) => c.name.startsWith('lti_login_'));
    expect(cookie).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true, partitioned: true });
    const data = pageData(login);
    const next = new URL(data.next ?? '');
    const state = next.searchParams.get('state') ?? '';
    expect(`${next.origin}${next.pathname}`).toBe(platform.authUrl);
    expect(data.storage).toEqual({ target: '_parent', origin: platform.url, key: `harmony_state_${state}`, value: cookie?.value });
    expect(login.body).toContain('<script src="/lti/frame.js"></script>');

    // The launch arrives without the cookie: the page asks the platform's storage (lti.get_data); nothing is spent yet.
    const idToken = await idTokenFor(next.searchParams.get('nonce') ?? '', {
      sub: 'teacher-1',
      [`${LTI_CLAIM}roles`]: [LTI_ROLE.instructor],
    });
    const ask = await postLaunch({ id_token: idToken, state });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(pageData(ask)).toMatchObject({
      mode: 'launch',
      storage: { target: '_parent', origin: platform.url, key: `harmony_state_${state}` },
      idToken,
      state,
    });
    expect(pageData(ask).storage?.value).toBeUndefined();
    // The page is framed by the platform (its CSP names it).
    expect(String(ask.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${platform.url}`);
    // frame.js posts the launch again with the secret the platform kept: signed in.
    const launched = await postLaunch({ id_token: idToken, state, lti_storage_secret: cookie?.value ?? '' });
    expect(launched.statusCode, launched.body).toBe(303);
    expect(String(launched.headers.location)).toMatch(/^\/lti\/link-course\/\d+$/);
    expect(launched.cookies.find((c) => c.name === 'access_token')?.value).toBeTruthy();
    // Once: the state is spent.
    const again = await postLaunch({ id_token: idToken, state, lti_storage_secret: cookie?.value ?? '' });
    expect([again.statusCode, message(again)]).toEqual([401, LtiMessages.stateInvalid]);
  });

  it("refuses a launch whose stored secret is not this login's, and a state bound to another browser without storage", async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams(loginParams({ lti_storage_target: 'lti_storage' }))}`,
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams(loginParams({ lti_storage_target: 'lti_storage' }))}`,
    });
    const data = pageData(first);
    expect(data.storage?.target).toBe('lti_storage');
    const next = new URL(data.next ?? '');
    const state = next.searchParams.get('state') ?? '';
    const idToken = await idTokenFor(next.searchParams.get('nonce') ?? '');
    const wrong = await postLaunch({ id_token: idToken, state, lti_storage_secret: pageData(other).storage?.value ?? '' });
    expect([wrong.statusCode, message(wrong)]).toEqual([401, LtiMessages.stateOtherBrowser]);
    // A login without storage: no cookie means another browser, as before.
    const plain = await t.app.inject({ method: 'GET', url: `/lti/login?${new URLSearchParams(loginParams())}` });
    expect(plain.statusCode).toBe(302);
    const location = new URL(String(plain.headers.location));
    const noCookie = await postLaunch({
      id_token: await idTokenFor(location.searchParams.get('nonce') ?? ''),
      state: location.searchParams.get('state') ?? '',
    });
    expect([noCookie.statusCode, message(noCookie)]).toEqual([401, LtiMessages.stateOtherBrowser]);
    // A made-up storage target is not kept.
    const odd = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams(loginParams({ lti_storage_target: 'x"><script>' }))}`,
    });
    const oddState = new URL(pageData(odd).next ?? '').searchParams.get('state') ?? '';
    const oddLaunch = await postLaunch({ id_token: idToken, state: oddState });
    expect([oddLaunch.statusCode, message(oddLaunch)]).toEqual([401, LtiMessages.stateOtherBrowser]);
  });

  it('in a frame without storage, answers a page that checks cookies and can continue in a new window; POST too', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const query = new URLSearchParams(loginParams({ lti_message_hint: 'm-1' })).toString();
      const res =
        method === 'GET'
          ? await t.app.inject({ method, url: `/lti/login?${query}`, headers: { 'sec-fetch-dest': 'iframe' } })
          : await t.app.inject({
              method,
              url: '/lti/login',
              payload: query,
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'iframe' },
            });
      expect(res.statusCode, res.body).toBe(200);
      const data = pageData(res);
      expect(data.storage).toBeNull();
      const again = new URL(data.newWindow ?? '', t.config.publicUrl);
      expect(again.pathname).toBe('/lti/login');
      expect(Object.fromEntries(again.searchParams)).toEqual(loginParams({ lti_message_hint: 'm-1' }));
      expect(data.texts.ko.open).toBe(FRAME_TEXTS.ko.open);
      expect(String(res.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${platform.url}`);
      // The cookie path still works from the page's next step.
      const next = new URL(data.next ?? '');
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
      const launched = await postLaunch(
        { id_token: await idTokenFor(next.searchParams.get('nonce') ?? ''), state: next.searchParams.get('state') ?? '' },
        cookies,
      );
      // The learner's LMS course is not linked: every check of the launch passed.
      expect([launched.statusCode, message(launched)]).toEqual([409, LtiMessages.notLinked]);
    }
    const script = await t.app.inject({ method: 'GET', url: '/lti/frame.js' });
    expect([script.statusCode, String(script.headers['content-type'])]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(script.body).toContain("subject: 'lti.put_data'");
    expect(script.body).toContain("subject: 'lti.get_data'");
  });
});
