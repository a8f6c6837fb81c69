import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readHar } from '@app/har/format';
import type { Page } from '@playwright/test';
import { LTI_ROLE, type LtiPlatformStandIn, startLtiPlatform } from '../../packages/server/test/stand-ins.ts';
import { apiAs, DEMO, expect, type Server, startServer, test } from '../fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const COURSE = 'Music Theory I';
const SET = 'Week 1: Diatonic Harmony in Major';
const EXERCISE = 'Major Phrase 1 (C major)';

type DocumentRef = { id: number; title: string; gradable: boolean; practice: boolean };

/**
 * LTI Assignment and Grade Services (issue 28): the demo instructor, signed in by the stand-in LMS,
 * links its course to the demo course and deep-links a set; a learner launches that link, does an
 * exercise whose grade is delayed and submits; the stand-in's grade book gets nothing until the
 * instructor releases the grade, then the learner's score for the set.
 */
test.describe('LTI grades', () => {
  let platform: LtiPlatformStandIn;
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    platform = await startLtiPlatform();
    server = await startServer({ APP_MODE: 'test' });
    platform.state.toolJwksUrl = `${server.url}/lti/jwks`;
    // The admin CLI registers the stand-in; its e-mails are trusted, so the demo instructor's launch signs into their account.
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/server/src/cli/main.ts',
        'lti',
        'platforms',
        'add',
        ...['--issuer', platform.issuer, '--client-id', platform.clientId, '--deployment-id', platform.deploymentId],
        ...['--auth-url', platform.authUrl, '--token-url', platform.tokenUrl, '--jwks-url', platform.jwksUrl, '--emails-verified'],
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url, APP_MODE: 'test', LOG_LEVEL: 'warn' } },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await platform?.close();
  });

  const startLaunch = (page: Page) =>
    page.goto(
      `${server.url}/lti/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'hint',
        target_link_uri: `${server.url}/lti/launch`,
        client_id: platform.clientId,
      })}`,
    );

  test('the stand-in LMS grade book receives the learner’s score once the grade is released', async ({ browser }) => {
    test.setTimeout(180_000);
    const instructor = await apiAs(server, DEMO.instructor);
    const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
    const courseId = user.course_instructors.find((c) => c.title === COURSE)?.id;
    const sets = await instructor.get<{ id: number; title: string; documents: DocumentRef[] }[]>(`/api/courses/${courseId}/assignments`);
    const set = sets.find((s) => s.title === SET);
    const doc = set?.documents.find((d) => d.title === EXERCISE);
    if (!courseId || !set || !doc) throw new Error('the demo course lacks its first set');
    const { url } = await instructor.get<{ url: string }>(`/api/documents/${doc.id}/file-url`);
    const key = (readHar(await instructor.bytes(url)).key?.items ?? []).map((item) => item.answers[0] ?? '');
    // The exercise's grade is delayed (until the set's due date unless released sooner).
    await instructor.put(`/api/documents/${doc.id}`, { delay_showing_grade: true });

    // The instructor opens the tool from the LMS course and links it to the demo course.
    const teacher = await (await browser.newContext()).newPage();
    const asTeacher = { sub: 'e2e-teacher', email: DEMO.instructor, [`${CLAIM}roles`]: [LTI_ROLE.instructor] };
    platform.state.nextLaunch = asTeacher;
    await startLaunch(teacher);
    await expect(teacher.getByRole('heading', { name: 'Link this LMS course', level: 1 })).toBeVisible();
    await teacher.getByLabel('Your course').selectOption({ label: COURSE });
    await teacher.getByRole('button', { name: 'Link course' }).click();
    await expect(teacher).toHaveURL(`${server.url}/course/${courseId}`);

    // Deep Linking: the set goes into the LMS, which makes its line item.
    platform.state.nextLaunch = {
      ...asTeacher,
      [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `${platform.url}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
      },
    };
    await startLaunch(teacher);
    await teacher.getByLabel('Assignment set', { exact: true }).selectOption({ label: SET });
    await teacher.getByRole('button', { name: 'Add to the LMS' }).click();
    await expect(teacher.getByRole('heading', { name: `LMS stand-in: added ${SET}` })).toBeVisible();
    const item = platform.state.lineItems.at(-1);
    expect(item).toMatchObject({ label: SET, resourceId: `set-${set.id}`, scoreMaximum: 100 });
    if (!item) throw new Error('no line item');

    // A learner launches the link, does the exercise and submits.
    const learner = await (await browser.newContext()).newPage();
    learner.on('pageerror', (error) => console.log(`[learner page error at ${learner.url()}] ${error.message}`));
    platform.state.nextLaunch = {
      sub: 'e2e-learner',
      given_name: 'Lena',
      family_name: 'Learner',
      [`${CLAIM}roles`]: [LTI_ROLE.learner],
      ...platform.resourceLinkClaims(item),
    };
    await startLaunch(learner);
    await expect(learner).toHaveURL(new RegExp(`/student/course/${courseId}/assignments`));
    await learner.getByRole('link', { name: `Open ${EXERCISE}` }).click();
    const chord = (n: number) => learner.getByRole('textbox', { name: `Chord ${n}`, exact: true });
    await expect(chord(1)).toBeVisible({ timeout: 30_000 });
    for (const [index, answer] of key.entries()) await chord(index + 1).fill(answer);
    // The set's exercise takes more than one submission, so a complete hand-in is sent without asking (issue 38 asks only where one try is all).
    await learner.getByRole('button', { name: /^Submit/ }).click();
    await expect(learner.getByRole('region', { name: /^Submission #\d+$/ })).toBeVisible();

    // Withheld: the LMS hears nothing.
    await learner.waitForTimeout(2000);
    expect(platform.gradeBook()).toEqual([]);

    // The instructor releases the grade; the score reaches the LMS grade book within 20 s.
    await instructor.put(`/api/documents/${doc.id}`, { delay_showing_grade: false });
    const released = Date.now();
    await expect.poll(() => platform.gradeBook().length, { timeout: 20_000, intervals: [250] }).toBe(1);
    const arrivedMs = Date.now() - released;
    const counted = set.documents.filter((d) => d.gradable && !d.practice).length;
    expect(platform.gradeBook()).toMatchObject([
      { label: SET, userId: 'e2e-learner', scoreGiven: Math.round((100 / counted) * 100) / 100, scoreMaximum: 100 },
    ]);
    await teacher.goto(`${platform.url}/gradebook`);
    await expect(teacher.getByRole('row', { name: new RegExp(`${SET} e2e-learner`) })).toBeVisible();
    await teacher.screenshot({ path: '/tmp/lti-grade-book.png', fullPage: true });
    console.log(`LTI AGS: release to score in the LMS grade book: ${arrivedMs} ms`);

    // Delayed again, the grade leaves the LMS's grade book until its new date (a score without scoreGiven, Pending).
    await instructor.put(`/api/documents/${doc.id}`, { delay_showing_grade: true });
    await expect.poll(() => platform.gradeBook()[0]?.gradingProgress, { timeout: 20_000, intervals: [250] }).toBe('Pending');
    expect(platform.gradeBook()).toMatchObject([{ label: SET, userId: 'e2e-learner', scoreGiven: undefined }]);
    await teacher.reload();
    await expect(teacher.getByRole('row', { name: new RegExp(`${SET} e2e-learner`) })).toContainText('Pending');
    await teacher.screenshot({ path: '/tmp/lti-grade-book-recalled.png', fullPage: true });
    await instructor.dispose();
  });
});
