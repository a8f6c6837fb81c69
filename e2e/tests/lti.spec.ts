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
      data: { title: 'Cadences', released_at: Math.floor(Date.now() / 1000) - 60, due_at: Math.floor(Date.now() / 1000) + 7 * 86_400 },
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
    await expect(teacher.getByLabel('Assignment set', { exact: true })).toHaveValue(/\d+/);
    await teacher.getByLabel('What to add').selectOption({ label: 'The whole set' });
    await teacher.screenshot({ path: '/tmp/lti-deep-link.png', fullPage: true });
    await teacher.getByRole('button', { name: 'Add to the LMS' }).click();
    await expect(teacher.getByRole('heading', { name: 'LMS stand-in: added Cadences' })).toBeVisible();
    expect(platform.state.deepLinks.at(-1)).toMatchObject({ 'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'e2e-data' });

    // A learner opens the link the LMS now holds: they land on that set's Assignments page.
    const items = platform.state.deepLinks.at(-1)?.['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as
      | { custom: Record<string, string> }[]
      | undefined;
    const item = items?.[0];
    const setId = item?.custom.harmony_set_id;
    platform.state.nextLaunch = {
      sub: 'e2e-learner',
      [`${CLAIM}roles`]: [LTI_ROLE.learner],
      [`${CLAIM}custom`]: item?.custom,
      [`${CLAIM}resource_link`]: { id: 'cadences-link' },
    };
    await startLaunch(learner);
    await expect(learner).toHaveURL(`${server.url}/student/course/${courseId}/assignments?set=${setId}`);
    await expect(learner.getByRole('region', { name: 'Cadences' })).toBeVisible();
    await expect(learner.getByRole('link', { name: 'All assignment sets' })).toBeVisible();
    await learner.screenshot({ path: '/tmp/lti-learner-set.png', fullPage: true });
    console.log(`LTI: login initiation to the first screen drawn: ${firstScreenMs} ms`);
  });
});

/**
 * LTI Dynamic Registration 1.0 (issue 28): the admin CLI makes a one-time URL; the stand-in LMS
 * opens it in a frame with its configuration URL and registration token; one confirmation
 * registers the tool there and here, the page posts the close message, and a launch then works.
 */
test.describe('LTI Dynamic Registration', () => {
  let platform: LtiPlatformStandIn;
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    platform = await startLtiPlatform({ clientId: 'dynamic-client', deploymentId: 'dynamic-deployment' });
    server = await startServer({ APP_MODE: 'test' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await platform?.close();
  });

  test('the stand-in LMS registers the tool from the admin CLI URL with one confirmation, then launches it', async ({ page }) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'lti', 'registration-url'],
      { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url, APP_MODE: 'test', LOG_LEVEL: 'warn' } },
    );
    const registrationUrl = stdout.split('\n')[0] ?? '';
    expect(registrationUrl).toMatch(new RegExp(`^${server.url}/lti/register/[\\w-]+$`));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${platform.url}/register-tool?${new URLSearchParams({ url: registrationUrl })}`);
    const frame = page.frameLocator('iframe[title="Tool registration"]');
    await expect(frame.getByRole('heading', { name: 'Add Harmony Dashboard to your LMS' })).toBeVisible();
    await expect(frame.getByText(`Register Harmony Dashboard as an LTI 1.3 tool with ${platform.issuer}?`)).toBeVisible();
    await expect(frame.getByText('LMS product: lms-stand-in')).toBeVisible();
    await page.screenshot({ path: '/tmp/lti-register-confirm.png' });
    await page.locator('iframe[title="Tool registration"]').screenshot({ path: '/tmp/lti-register-page.png' });
    await frame.getByRole('button', { name: 'Register' }).click();
    await expect(frame.getByText(`Harmony Dashboard is registered with ${platform.issuer}.`)).toBeVisible();
    await expect(frame.getByText('Client id dynamic-client, deployment id dynamic-deployment.')).toBeVisible();
    await expect(page.getByText('LMS stand-in: the tool closed its registration')).toBeVisible();
    await page.screenshot({ path: '/tmp/lti-register-done.png' });
    await page.locator('iframe[title="Tool registration"]').screenshot({ path: '/tmp/lti-register-page-done.png' });
    expect(platform.state.registrations).toHaveLength(1);

    // The registration works: an instructor's launch arrives at the page that links the LMS course.
    platform.state.nextLaunch = { sub: 'dyn-teacher', [`${CLAIM}roles`]: [LTI_ROLE.instructor] };
    await page.goto(
      `${server.url}/lti/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'hint',
        target_link_uri: `${server.url}/lti/launch`,
        client_id: 'dynamic-client',
      })}`,
    );
    await expect(page.getByRole('heading', { name: 'Link this LMS course', level: 1 })).toBeVisible();
  });
});

/**
 * Third-party cookies (issue 28): in the stand-in LMS's frame, with postMessage storage offered,
 * the login stores the browser secret in the LMS page (lti.put_data); the login cookie is then
 * dropped (as a browser blocking third-party cookies would not keep it), so the launch reads the
 * secret back from the LMS page (lti.get_data) and posts again with it.
 */
test.describe('LTI launch with postMessage storage', () => {
  let platform: LtiPlatformStandIn;
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    platform = await startLtiPlatform();
    server = await startServer({ APP_MODE: 'test' });
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

  test('the state is checked through the LMS frame when the login cookie is not sent', async ({ page }) => {
    platform.state.holdLaunch = true;
    platform.state.nextLaunch = { sub: 'frame-teacher', [`${CLAIM}roles`]: [LTI_ROLE.instructor] };
    const login = `${server.url}/lti/login?${new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'hint',
      target_link_uri: `${server.url}/lti/launch`,
      client_id: platform.clientId,
    })}`;
    await page.goto(`${platform.url}/launch-frame?${new URLSearchParams({ login })}`);
    await expect(page.getByText('Stored: 1')).toBeVisible();
    const frame = page.frameLocator('iframe[title="Tool"]');
    await expect(frame.getByRole('button', { name: 'Continue' })).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name.startsWith('lti_login_'))).toBe(true);
    await page.context().clearCookies({ name: /^lti_login_/ });
    // The launch posted again by frame.js with the secret the LMS page kept: it signs in (303 to the link page).
    const relaunched = page.waitForResponse(
      (r) => r.url() === `${server.url}/lti/launch` && (r.request().postData() ?? '').includes('lti_storage_secret='),
    );
    await frame.getByRole('button', { name: 'Continue' }).click();
    const response = await relaunched;
    expect(response.status()).toBe(303);
    expect(await response.headerValue('location')).toMatch(/^\/lti\/link-course\/\d+$/);
  });
});

/**
 * Names and Role Provisioning (issue 28): the instructor of a linked course syncs its people from
 * the stand-in LMS's roster on the People page, at 1280 and at 375 px.
 */
test.describe('LTI Sync from LMS', () => {
  let platform: LtiPlatformStandIn;
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    platform = await startLtiPlatform();
    server = await startServer({ APP_MODE: 'test' });
    platform.state.toolJwksUrl = `${server.url}/lti/jwks`;
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

  test('the instructor syncs the roster on People, at 1280 and 375', async ({ page }) => {
    const M = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
    platform.state.rosters.set('context-1', [
      { user_id: 'sync-teacher', roles: [`${M}Instructor`], status: 'Active', given_name: 'Ines', family_name: 'Teacher' },
      {
        user_id: 'sync-ta',
        roles: [`${M}Instructor`, 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'],
        given_name: 'Tomas',
        family_name: 'Assistant',
      },
      { user_id: 'sync-1', roles: [`${M}Learner`], status: 'Active', given_name: 'Amara', family_name: 'Okafor' },
      { user_id: 'sync-2', roles: [`${M}Learner`], status: 'Active', given_name: 'Bao', family_name: 'Nguyen' },
      { user_id: 'sync-3', roles: [`${M}Learner`], status: 'Inactive', given_name: 'Cleo', family_name: 'Left' },
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    platform.state.nextLaunch = {
      sub: 'sync-teacher',
      given_name: 'Ines',
      family_name: 'Teacher',
      [`${CLAIM}roles`]: [LTI_ROLE.instructor],
    };
    await page.goto(
      `${server.url}/lti/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'hint',
        target_link_uri: `${server.url}/lti/launch`,
        client_id: platform.clientId,
      })}`,
    );
    await page.getByRole('button', { name: 'Create a new course "Music Theory I"' }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.url}/course/\\d+`));
    const courseId = Number(/\/course\/(\d+)/.exec(page.url())?.[1]);
    await page.goto(`${server.url}/course/${courseId}/people`);
    await expect(page.getByText('This course is linked to "Music Theory I" in your LMS.')).toBeVisible();
    // The sync runs as a job: the request answers at once, and the panel says it is running until it ends.
    platform.state.rosterDelayMs = 1500;
    const panel = page.getByRole('region', { name: 'Sync from LMS' });
    await page.getByRole('button', { name: 'Sync from LMS' }).click();
    await expect(
      panel.getByText(/Waiting to sync from the LMS…|Syncing from the LMS… You can leave this page: the sync goes on\./),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync from LMS' })).toBeDisabled();
    await expect(panel.getByText('Syncing from the LMS… You can leave this page: the sync goes on.')).toBeVisible();
    await panel.screenshot({ path: '/tmp/lti-sync-running-1280.png' });
    await expect(
      page.getByText(
        'Synced from the LMS: 3 added, 0 updated, 1 unchanged. 1 member of the LMS course was left out (inactive, or no role here). Last sync: ',
      ),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sync from LMS' })).toBeEnabled();
    await expect(page.getByText('Amara Okafor').first()).toBeVisible();
    await expect(page.getByText('Bao Nguyen').first()).toBeVisible();
    await expect(page.getByText('Tomas Assistant').first()).toBeVisible();
    await expect(page.getByText('Cleo Left')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/lti-sync-1280.png', fullPage: true });
    await page.getByRole('region', { name: 'Sync from LMS' }).screenshot({ path: '/tmp/lti-sync-panel.png' });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    // The latest sync's result is still there after a reload.
    await expect(page.getByText('Synced from the LMS: 3 added, 0 updated, 1 unchanged.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Sync from LMS' }).click();
    await expect(panel.getByText('Syncing from the LMS… You can leave this page: the sync goes on.')).toBeVisible();
    await page.screenshot({ path: '/tmp/lti-sync-running-375.png', fullPage: true });
    await expect(page.getByText('Synced from the LMS: 0 added, 0 updated, 4 unchanged.', { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/lti-sync-375.png', fullPage: true });
    // The LMS away: the sync fails and says why.
    platform.state.rosterDelayMs = 0;
    platform.state.accessTokens.clear();
    await page.getByRole('button', { name: 'Sync from LMS' }).click();
    await expect(panel.getByRole('alert')).toContainText("The sync failed: the LMS's roster could not be read. Please try again later.", {
      timeout: 15_000,
    });
    await expect(panel.getByRole('alert')).toContainText('Tried at ');
    await page.screenshot({ path: '/tmp/lti-sync-failed-375.png', fullPage: true });
  });
});
