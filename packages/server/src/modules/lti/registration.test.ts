import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestContext } from '../../../test/helpers.ts';
import { LTI_CLAIM, type LtiPlatformStandIn, startLtiPlatform } from '../../../test/stand-ins.ts';
import { LtiMessages, TOOL_SCOPES } from './policy.ts';

/**
 * LTI Dynamic Registration 1.0 (issue 28): the admin CLI's one-time URL, the LMS's OpenID
 * configuration checked, the tool's client registration posted to the stand-in LMS, the platform
 * stored with the client id and deployment id it answered, and a launch through it.
 */
describe.each(dialects)('LTI Dynamic Registration (%s)', (dialect) => {
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
    platform.state.configIssuer = undefined;
    platform.state.registrationToken = 'registration-token-1';
    platform.state.registrations.length = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  const newKey = async () => {
    const { url } = await t.app.services.lti.registrationUrl();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/lti/register/[\\w-]+$`));
    return url.split('/').at(-1) ?? '';
  };
  const asLms = (token = 'registration-token-1') => ({ openid_configuration: platform.openIdConfigurationUrl, registration_token: token });
  const preview = (key: string, query: Record<string, string> = asLms()) =>
    t.client().get(`/api/lti/registrations/${key}?${new URLSearchParams(query)}`);
  const message = (res: { json: () => unknown }) => {
    const [first] = errorsOf(res as never);
    return first?.message ?? first?.messages?.[0];
  };

  it('shows the LMS to confirm, registers the tool there once, and stores the platform it answered; a launch then works', async () => {
    const key = await newKey();
    const seen = await preview(key);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual({ issuer: platform.issuer, product: 'lms-stand-in', registered_already: false });
    // Inside the LMS's frame no cookie of this site is sent: the POST needs no CSRF cookie.
    const res = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() });
    expect(res.statusCode, res.body).toBe(201);
    const platformId = res.json().data.platform_id as number;
    expect(res.json().data).toEqual({
      platform_id: platformId,
      issuer: platform.issuer,
      client_id: 'dynamic-client',
      deployment_id: 'dynamic-deployment',
    });
    // What the LMS received: the tool's URLs, scopes and messages.
    const base = t.config.publicUrl;
    expect(platform.state.registrations.at(-1)).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${base}/lti/login`,
      redirect_uris: [`${base}/lti/launch`],
      jwks_uri: `${base}/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: TOOL_SCOPES.join(' '),
    });
    const toolConfiguration = platform.state.registrations.at(-1)?.['https://purl.imsglobal.org/spec/lti-tool-configuration'] as
      | { messages: { type: string }[] }
      | undefined;
    const messages = toolConfiguration?.messages.map((m) => m.type);
    expect(messages).toEqual(['LtiResourceLinkRequest', 'LtiDeepLinkingRequest']);
    expect(await t.app.services.lti.listPlatforms()).toMatchObject([
      {
        id: platformId,
        issuer: platform.issuer,
        client_id: 'dynamic-client',
        auth_url: platform.authUrl,
        token_url: platform.tokenUrl,
        jwks_url: platform.jwksUrl,
        emails_verified: 0,
        deployments: ['dynamic-deployment'],
      },
    ]);
    // The key is spent.
    const again = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() });
    expect([again.statusCode, message(again)]).toEqual([404, LtiMessages.registrationGone]);
    expect([(await preview(key)).statusCode]).toEqual([404]);
    // A launch through the new registration signs the person in.
    const login = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: `${base}/lti/launch`, client_id: 'dynamic-client' })}`,
    });
    expect(login.statusCode, login.body).toBe(302);
    const location = new URL(String(login.headers.location));
    const token = await platform.sign(
      {
        sub: 'learner-dyn',
        ...platform.launchClaims(),
        [`${LTI_CLAIM}target_link_uri`]: `${base}/lti/launch`,
        nonce: location.searchParams.get('nonce'),
      },
      { now: t.clock.now() },
    );
    const launch = await t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: new URLSearchParams({ id_token: token, state: location.searchParams.get('state') ?? '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: Object.fromEntries(login.cookies.map((c) => [c.name, c.value])),
    });
    // The learner's LMS course is not linked yet: told to wait for the instructor, after every token check passed.
    expect([launch.statusCode, message(launch)]).toEqual([409, LtiMessages.notLinked]);
  });

  it('registering a known client again keeps its deployments and adds the new one, reading that platform alone', async () => {
    const lti = t.app.services.lti;
    const input = { tokenUrl: platform.tokenUrl, jwksUrl: platform.jwksUrl, authUrl: platform.authUrl, emailsVerified: false };
    await lti.addPlatform({ ...input, issuer: 'https://other-lms.example.edu', clientId: 'other', deploymentIds: ['o-1'] });
    const known = await lti.addPlatform({
      ...input,
      issuer: platform.issuer,
      clientId: 'dynamic-client',
      deploymentIds: ['old-deployment'],
    });
    const key = await newKey();
    t.queries.length = 0;
    const res = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() });
    expect([res.statusCode, res.json().data.platform_id]).toEqual([201, known]);
    const reads = t.queries.filter((statement) => /^select/i.test(statement) && /"lti_(platforms|deployments)"/.test(statement));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((statement) => /"client_id" = /.test(statement))).toBe(true);
    const platforms = await lti.listPlatforms();
    expect(platforms.map((p) => [p.client_id, p.deployments])).toEqual([
      ['other', ['o-1']],
      ['dynamic-client', ['old-deployment', 'dynamic-deployment']],
    ]);
    // A URL longer than its column is refused by the same one check, with its own sentence.
    await expect(
      lti.addPlatform({
        ...input,
        authUrl: `https://lms.example.edu/${'a'.repeat(2000)}`,
        issuer: 'https://x.example.edu',
        clientId: 'x',
        deploymentIds: [],
      }),
    ).rejects.toMatchObject({ status: 400, message: LtiMessages.platformUrlLength('authorisation URL') });
  });

  it('refuses an issuer that does not match the configuration URL, and an incomplete configuration', async () => {
    const key = await newKey();
    platform.state.configIssuer = 'https://lms.example.edu';
    const seen = await preview(key);
    expect([seen.statusCode, message(seen), errorsOf(seen)[0]?.field]).toEqual([
      400,
      LtiMessages.registrationIssuer,
      'openid_configuration',
    ]);
    const posted = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() });
    expect([posted.statusCode, message(posted)]).toEqual([400, LtiMessages.registrationIssuer]);
    // Another port of the same host is another origin.
    platform.state.configIssuer = platform.issuer.replace(/:\d+$/, ':1');
    expect(message(await preview(key))).toBe(LtiMessages.registrationIssuer);
    expect(platform.state.registrations).toHaveLength(0);
    expect(await t.app.services.lti.listPlatforms()).toEqual([]);
    // Nothing was spent: the right configuration still registers.
    platform.state.configIssuer = undefined;
    expect((await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() })).statusCode).toBe(201);
    const incomplete = await preview(await newKey(), { openid_configuration: `${platform.url}/jwks` });
    expect([incomplete.statusCode, message(incomplete)]).toEqual([400, LtiMessages.registrationConfigIncomplete]);
  });

  it('refuses bad input, an unknown or expired key, an off-site http configuration, an unreachable one; a refused registration keeps the key', async () => {
    const key = await newKey();
    const missing = await t.client().get(`/api/lti/registrations/${key}`);
    expect([missing.statusCode, errorsOf(missing)[0]?.field, errorsOf(missing)[0]?.messages]).toEqual([
      400,
      'openid_configuration',
      ['This field is required.'],
    ]);
    const empty = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: { openid_configuration: '' } });
    expect([empty.statusCode, errorsOf(empty)[0]?.field, errorsOf(empty)[0]?.messages]).toEqual([
      400,
      'openid_configuration',
      ['This field is required.'],
    ]);
    const insecure = await preview(key, { openid_configuration: 'http://lms.example.edu/.well-known/openid-configuration' });
    expect([insecure.statusCode, message(insecure)]).toEqual([400, LtiMessages.platformUrl('OpenID configuration URL')]);
    const unreachable = await preview(key, { openid_configuration: `${platform.url}/nothing-here` });
    expect([unreachable.statusCode, message(unreachable)]).toEqual([502, LtiMessages.registrationConfigUnreachable]);
    const unknown = await preview('no-such-key');
    expect([unknown.statusCode, message(unknown)]).toEqual([404, LtiMessages.registrationGone]);
    // The LMS refuses a wrong registration token: nothing is stored, the key is given back.
    const refused = await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms('wrong-token') });
    expect([refused.statusCode, message(refused)]).toEqual([502, LtiMessages.registrationRefused]);
    expect(await t.app.services.lti.listPlatforms()).toEqual([]);
    // Signed in or not, the key is what counts (the route has no roles): a student's call registers too.
    const student = await t.signedIn();
    expect((await student.client.post(`/api/lti/registrations/${key}`, asLms())).statusCode).toBe(201);
    // A day later an unused key is gone.
    const late = await newKey();
    t.clock.advance(24 * 3600 + 1);
    const expired = await preview(late);
    expect([expired.statusCode, message(expired)]).toEqual([404, LtiMessages.registrationGone]);
  });

  it('lets the registering LMS frame the registration page while its key is live, in production only over https', async () => {
    const key = await newKey();
    const csp = async (k: string) =>
      String(
        (
          await t.app.inject({
            method: 'GET',
            url: `/lti/register/${k}?${new URLSearchParams({ openid_configuration: platform.openIdConfigurationUrl })}`,
          })
        ).headers['content-security-policy'],
      );
    expect(await csp(key)).toContain(`frame-ancestors 'self' ${platform.url}`);
    expect(await csp('no-such-key')).toContain("frame-ancestors 'none'");
    await t.app.inject({ method: 'POST', url: `/api/lti/registrations/${key}`, payload: asLms() });
    // Spent; the LMS is now a registered platform, which frames every page anyway (the list is read again within a minute).
    t.clock.advance(61);
    expect(await csp(key)).toContain(`frame-ancestors 'self' ${platform.url}`);
    const production = await createTestApp(dialect, { APP_MODE: 'production' });
    try {
      const { url } = await production.app.services.lti.registrationUrl();
      const res = await production.client().get(`/api/lti/registrations/${url.split('/').at(-1)}?${new URLSearchParams(asLms())}`);
      expect([res.statusCode, message(res)]).toEqual([400, LtiMessages.platformUrl('OpenID configuration URL')]);
    } finally {
      await production.close();
    }
  });
});
