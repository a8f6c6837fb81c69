import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSampleLibrary } from '@app/har/library/build-library';
import { LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../packages/server/test/stand-ins.ts';
import { expect, type Server, startServer, test } from '../fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DEEP_LINKING = {
  [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
  [`${CLAIM}resource_link`]: undefined,
};

/**
 * Issue 37: what people meet in the LMS when a launch is refused — a page in their language with
 * what happened, what to do and a code for support, not JSON — at 1280 and 375 px in two
 * languages; and an instructor whose first launch is a deep-linking request: the course is linked,
 * then the picker opens with that request and the LMS gets its answer.
 */
test.describe('LTI refusals and the deep-linking first launch', () => {
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

  const loginUrl = () =>
    `${server.url}/lti/login?${new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'hint',
      target_link_uri: `${server.url}/lti/launch`,
      client_id: platform.clientId,
    })}`;

  test('a learner who launches before the course is linked gets a page in their language, at 1280 and 375', async ({ browser }) => {
    // The instructor's first launch makes the LMS course (not linked yet).
    const teacher = await browser.newPage();
    platform.state.nextLaunch = { sub: 'refusal-teacher', [`${CLAIM}roles`]: [LTI_ROLE.instructor] };
    await teacher.goto(loginUrl());
    // The server's first page after it starts (its caches cold, the machine shared): more time than the default.
    await expect(teacher.getByRole('heading', { name: 'Link this LMS course', level: 1 })).toBeVisible({ timeout: 30_000 });

    // Korean, from the launch's locale claim (the browser says English).
    const korean = await (await browser.newContext({ locale: 'en-US' })).newPage();
    platform.state.nextLaunch = {
      sub: 'refusal-learner-ko',
      [`${CLAIM}roles`]: [LTI_ROLE.learner],
      [`${CLAIM}launch_presentation`]: { locale: 'ko-KR', document_target: 'iframe' },
    };
    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ] as const) {
      await korean.setViewportSize({ width, height });
      const refused = korean.waitForResponse((r) => r.url() === `${server.url}/lti/launch`);
      await korean.goto(loginUrl());
      expect((await refused).status()).toBe(409);
      await expect(korean.getByRole('heading', { name: 'Harmony Dashboard를 열 수 없습니다', level: 1 })).toBeVisible();
      await expect(korean.getByText('이 LMS 강좌는 아직 Harmony Dashboard의 강좌와 연결되지 않았습니다.')).toBeVisible();
      await expect(korean.getByText('lti.notLinked')).toBeVisible();
      await expect(korean.locator('body')).not.toContainText('"errors"');
      // Nothing runs past the screen's edge at 375.
      expect(
        await korean.locator('html').evaluate((html: { scrollWidth: number; clientWidth: number }) => html.scrollWidth <= html.clientWidth),
      ).toBe(true);
      await korean.screenshot({ path: `/tmp/lti-refusal-ko-${width}.png`, fullPage: true });
    }

    // Traditional Chinese from the browser's language (no locale claim), inside the LMS's frame (the stand-in's frame is 1000 px wide).
    const chinese = await (await browser.newContext({ locale: 'zh-TW' })).newPage();
    platform.state.nextLaunch = { sub: 'refusal-learner-zh', [`${CLAIM}roles`]: [LTI_ROLE.learner] };
    await chinese.setViewportSize({ width: 1280, height: 800 });
    await chinese.goto(`${platform.url}/launch-frame?${new URLSearchParams({ login: loginUrl() })}`);
    const frame = chinese.frameLocator('iframe[title="Tool"]');
    await expect(frame.getByRole('heading', { name: '無法開啟 Harmony Dashboard', level: 1 })).toBeVisible();
    await expect(frame.getByText('此 LMS 課程尚未與 Harmony Dashboard 中的課程連結。')).toBeVisible();
    await expect(frame.getByText('lti.notLinked')).toBeVisible();
    await chinese.screenshot({ path: '/tmp/lti-refusal-zh-hant-framed-1280.png', fullPage: true });
    // And on its own page at 375 (a phone, or an LMS that opens the tool in a new window).
    await chinese.setViewportSize({ width: 375, height: 812 });
    await chinese.goto(loginUrl());
    await expect(chinese.getByRole('heading', { name: '無法開啟 Harmony Dashboard', level: 1 })).toBeVisible();
    expect(
      await chinese.locator('html').evaluate((html: { scrollWidth: number; clientWidth: number }) => html.scrollWidth <= html.clientWidth),
    ).toBe(true);
    await chinese.screenshot({ path: '/tmp/lti-refusal-zh-hant-375.png', fullPage: true });

    // A launch the LMS is not set up for (an unknown deployment): the administrator's advice, in English.
    const english = await (await browser.newContext({ locale: 'en-US' })).newPage();
    platform.state.nextLaunch = { sub: 'refusal-learner-en', [`${CLAIM}deployment_id`]: 'deployment-9' };
    await english.setViewportSize({ width: 1280, height: 800 });
    await english.goto(loginUrl());
    await expect(english.getByRole('heading', { name: 'Harmony Dashboard could not open', level: 1 })).toBeVisible();
    await expect(
      english.getByText('Ask your LMS administrator to check the Harmony Dashboard tool, and give them the code below.'),
    ).toBeVisible();
    await expect(english.getByText('lti.unknownDeployment')).toBeVisible();
    await english.screenshot({ path: '/tmp/lti-refusal-en-setup-1280.png', fullPage: true });
    platform.state.nextLaunch = {};
  });

  test('an instructor whose first launch is a deep-linking request links the course, then picks the content for the LMS', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    platform.state.toolJwksUrl = `${server.url}/lti/jwks`;
    const context = { [`${CLAIM}context`]: { id: 'context-dl', label: 'MUS 201', title: 'Counterpoint' } };
    platform.state.nextLaunch = {
      sub: 'dl-teacher',
      given_name: 'Dora',
      family_name: 'Linker',
      [`${CLAIM}roles`]: [LTI_ROLE.instructor],
      ...context,
      ...DEEP_LINKING,
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `${platform.url}/deep-link-return?context=context-dl`,
        accept_types: ['ltiResourceLink'],
        accept_multiple: true,
        data: 'dl-first',
      },
    };
    await page.goto(loginUrl());
    await expect(page.getByRole('heading', { name: 'Link this LMS course', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`^${server.url}/lti/link-course/\\d+\\?deep_link=[\\w-]+&multiple=1$`));
    // The instructor's course here, with a set of two exercises (made through the API with the launch's session).
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    const headers = { authorization: `Bearer ${cookies.access_token}`, 'x-csrftoken': cookies.csrftoken ?? '' };
    const course = await page.request.post(`${server.url}/api/courses`, { data: { title: 'Counterpoint here' }, headers });
    expect(course.status()).toBe(201);
    const courseId = (await course.json()).data.id as number;
    const now = Math.floor(Date.now() / 1000);
    const set = await page.request.post(`${server.url}/api/courses/${courseId}/assignments`, {
      data: { title: 'Species counterpoint', released_at: now - 60, due_at: now + 7 * 86_400 },
      headers,
    });
    expect(set.status()).toBe(201);
    const setId = (await set.json()).data.id as number;
    // Two exercises of the sample library, uploaded as an instructor would.
    const samples = buildSampleLibrary().sets[0]?.documents.slice(0, 2) ?? [];
    for (const [index, sample] of samples.entries()) {
      const upload = await page.request.post(`${server.url}/api/assignments/${setId}/documents`, {
        multipart: { file: { name: `exercise-${index + 1}.har`, mimeType: 'application/octet-stream', buffer: Buffer.from(sample.har) } },
        headers,
      });
      expect(upload.status(), await upload.text()).toBe(201);
    }
    const titles = samples.map((sample) => sample.title);
    await page.reload();
    await expect(page.getByLabel('Your course')).toHaveValue(String(courseId));
    await page.screenshot({ path: '/tmp/lti-deep-link-first-link.png', fullPage: true });
    await page.getByRole('button', { name: 'Link course' }).click();
    // The picker opens with the request the launch brought.
    await expect(page.getByRole('heading', { name: 'Add to your LMS', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${server.url}/lti/deep-link/[\\w-]+\\?course=${courseId}&multiple=1$`));
    await expect(page.getByLabel('Assignment set', { exact: true })).toHaveValue(String(setId));
    // The LMS takes several items: both exercises ticked, each its own link.
    for (const title of titles) await page.getByRole('checkbox', { name: title }).check();
    await page.screenshot({ path: '/tmp/lti-deep-link-first-picker.png', fullPage: true });
    await page.getByRole('button', { name: 'Add to the LMS' }).click();
    await expect(page.getByRole('heading', { name: `LMS stand-in: added ${titles.join(', ')}` })).toBeVisible();
    expect(platform.state.deepLinks.at(-1)).toMatchObject({ 'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'dl-first' });
    await page.screenshot({ path: '/tmp/lti-deep-link-first-done.png', fullPage: true });
  });
});
