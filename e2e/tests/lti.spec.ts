import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../packages/server/test/stand-ins.ts';
import { expect, type Server, startServer, test } from '../fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';

/**
 * LTI 1.3 (issue 28): the stand-in LMS starts a login, its authorisation page posts the id_token
 * back, and the browser lands signed in — an instructor on the page that links the LMS course, a
 * learner then in the linked course.
 */
test.describe('LTI 1.3 launch', () => {
  let platform: LtiPlatformStandIn;
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    platform = await startLtiPlatform();
    server = await startServer({ APP_MODE: 'test' });
    // The admin CLI registers the stand-in, against the server's own database.
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/server/src/cli/main.ts',
        'lti',
        'platforms',
        'add',
        '--issuer',
        platform.issuer,
        '--client-id',
        platform.clientId,
        '--deployment-id',
        platform.deploymentId,
        '--auth-url',
        platform.authUrl,
        '--token-url',
        platform.tokenUrl,
        '--jwks-url',
        platform.jwksUrl,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url, APP_MODE: 'test', LOG_LEVEL: 'warn' } },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await platform?.close();
  });

  /** What the LMS does when someone clicks the tool: the login initiation, in this browser. */
  const startLaunch = (page: import('@playwright/test').Page) =>
    page.goto(
      `${server.url}/lti/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'hint',
        target_link_uri: `${server.url}/lti/launch`,
        client_id: platform.clientId,
      })}`,
    );

  test('an instructor links the LMS course by creating a course, a learner lands in it, the instructor deep-links a set', async ({
    browser,
  }) => {
    const teacher = await browser.newPage();
    platform.state.nextLaunch = {
      sub: 'e2e-teacher',
      given_name: 'Ines',
      family_name: 'Teacher',
      [`${CLAIM}roles`]: [LTI_ROLE.instructor],
    };
    const started = Date.now();
    await startLaunch(teacher);
    await expect(teacher.getByRole('heading', { name: 'Link this LMS course', level: 1 })).toBeVisible();
    const firstScreenMs = Date.now() - started;
    await expect(teacher).toHaveURL(new RegExp(`^${server.url}/lti/link-course/\\d+$`));
    await expect(teacher.getByText('"Music Theory I" in your LMS is not linked to a course here yet.')).toBeVisible();
    await teacher.screenshot({ path: '/tmp/lti-link-course.png', fullPage: true });
    await teacher.getByRole('button', { name: 'Create a new course "Music Theory I"' }).click();
    await expect(teacher).toHaveURL(new RegExp(`^${server.url}/course/\\d+`));
    const courseId = Number(/\/course\/(\d+)/.exec(teacher.url())?.[1]);
    await expect(teacher.getByText('Music Theory I').first()).toBeVisible();
    await teacher.screenshot({ path: '/tmp/lti-course.png', fullPage: true });

    const learner = await (await browser.newContext()).newPage();
    platform.state.nextLaunch = { sub: 'e2e-learner', given_name: 'Lena', family_name: 'Learner', [`${CLAIM}roles`]: [LTI_ROLE.learner] };
    await startLaunch(learner);
    await expect(learner).toHaveURL(`${server.url}/student/course/${courseId}/assignments`);
    await expect(learner.getByText('Music Theory I').first()).toBeVisible();
    await learner.screenshot({ path: '/tmp/lti-learner.png', fullPage: true });

    // Deep Linking: the instructor adds a set of the course to the LMS; the LMS checks the signature.
    const cookies = Object.fromEntries((await teacher.context().cookies()).map((c) => [c.name, c.value]));
    const created = await teacher.request.post(`${server.url}/api/courses/${courseId}/assignments`, {
      data: { title: 'Cadences', due_at: Math.floor(Date.now() / 1000) + 7 * 86_400 },
      headers: { authorization: `Bearer ${cookies.access_token}`, 'x-csrftoken': cookies.csrftoken ?? '' },
    });
    expect(created.status()).toBe(201);
    platform.state.toolJwksUrl = `${server.url}/lti/jwks`;
    platform.state.nextLaunch = {
      sub: 'e2e-teacher',
      [`${CLAIM}roles`]: [LTI_ROLE.instructor],
      [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `${platform.url}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        data: 'e2e-data',
      },
    };
    await startLaunch(teacher);
    await expect(teacher.getByRole('heading', { name: 'Add to your LMS', level: 1 })).toBeVisible();
    await expect(teacher.getByLabel('Assignment set')).toHaveValue(/\d+/);
    await teacher.screenshot({ path: '/tmp/lti-deep-link.png', fullPage: true });
    await teacher.getByRole('button', { name: 'Add to the LMS' }).click();
    await expect(teacher.getByRole('heading', { name: 'LMS stand-in: added Cadences' })).toBeVisible();
    expect(platform.state.deepLinks.at(-1)).toMatchObject({ 'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'e2e-data' });
    console.log(`LTI: login initiation to the first screen drawn: ${firstScreenMs} ms`);
  });
});
