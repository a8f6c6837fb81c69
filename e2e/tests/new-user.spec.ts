import { formatDateTime } from '@app/contract/date-format';
import type { Browser, Page, Request, Response } from '@playwright/test';
import { apiAs, DEMO, expect, type Server, signInThroughForm, test } from '../fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };

/*
 * What a new user trips over (issue 30): the student's "Due soon" list across courses, one way to
 * write a date on every screen in every language, toasts that cover no control, and the invite box.
 */

const COURSE = 'Music Theory I';
const SECOND = 'Counterpoint Lab';
const DEMO_EXERCISE = 'Major Phrase 1 (C major)';
const DAY = 86400;
const SHOTS = '/tmp/issue30-shots';
const ENROLLMENT_HINT = 'At most two weeks after the start';

type World = {
  courseId: number;
  secondId: number;
  quiz: number;
  drill: number;
  chorale: number;
  /** The drill's due date (the set's): what every screen must write alike. */
  drillDue: number;
  extensionDue: number;
  timeZone: string;
};

/**
 * Through the API: a new set in the demo course with a timed quiz (which the student starts) and a
 * drill; a second active course the student joins by its code, with a set due tomorrow for the
 * class and in five days for this student (an extension).
 */
async function buildWorld(server: Server): Promise<World> {
  const teacher = await apiAs(server, DEMO.instructor);
  const student = await apiAs(server, DEMO.student);
  const me = await student.get<{ id: number; timezone_name: string }>('/api/users');
  const mine = await teacher.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const course = mine.course_instructors.find((c) => c.title === COURSE);
  if (!course) throw new Error(`${COURSE} is not the instructor's`);
  const sets = await teacher.get<{ documents: { id: number; title: string }[] }[]>(`/api/courses/${course.id}/assignments`);
  const sample = sets.flatMap((s) => s.documents).find((d) => d.title === DEMO_EXERCISE);
  if (!sample) throw new Error(`no ${DEMO_EXERCISE}`);
  const bytes = await teacher.bytes((await teacher.get<{ url: string }>(`/api/documents/${sample.id}/file-url`)).url);
  const now = Math.floor(Date.now() / 1000 / 60) * 60;
  const upload = async (setId: number, title: string, settings: Record<string, unknown> = {}) => {
    const [doc] = await teacher.upload<{ id: number }[]>(`/api/assignments/${setId}/documents`, `${title}.har`, bytes);
    if (!doc) throw new Error('no document');
    await teacher.put(`/api/documents/${doc.id}`, { title, ...settings });
    return doc.id;
  };

  const drillDue = now + 3 * DAY + 17 * 60;
  const week = await teacher.post<{ id: number }>(`/api/courses/${course.id}/assignments`, {
    title: 'Quiz week',
    released_at: now - 3600,
    due_at: drillDue,
  });
  const quiz = await upload(week.id, 'Timed quiz', { timed: true, timed_time_seconds: 1200 });
  const drill = await upload(week.id, 'Cadence drill');

  const schools = await teacher.get<{ id: number }[]>('/api/schools');
  const terms = await teacher.get<{ id: number }[]>('/api/academic-terms');
  const second = await teacher.post<{ id: number }>('/api/courses', {
    title: SECOND,
    school_id: schools[0]?.id,
    academic_term_id: terms[0]?.id,
  });
  const active = await teacher.post<{ invitation_code: string }>(`/api/courses/${second.id}/activations`, {});
  const request = await student.post<{ id: number }>('/api/course-enrollment-requests', { invitation_code: active.invitation_code });
  await teacher.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [request.id] });
  const chorales = await teacher.post<{ id: number }>(`/api/courses/${second.id}/assignments`, {
    title: 'Chorales',
    released_at: now - 3600,
    due_at: now + DAY,
  });
  const chorale = await upload(chorales.id, 'Chorale harmonization');
  const extensionDue = now + 5 * DAY;
  await teacher.post(`/api/assignments/${chorales.id}/due-day-extensions/${me.id}`, { extension_due_at: extensionDue });

  await student.post(`/api/documents/${quiz}/start`, {});
  await teacher.dispose();
  await student.dispose();
  return { courseId: course.id, secondId: second.id, quiz, drill, chorale, drillDue, extensionDue, timeZone: me.timezone_name };
}

let world: World;
test.beforeAll(async ({ server }) => {
  test.setTimeout(90_000);
  world = await buildWorld(server);
});

/** The demo student at their own browser, the interface in `language` (the locale cookie). */
async function student(browser: Browser, server: Server, language = 'en', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`[student page error at ${page.url()}] ${error.message}`));
  await page.goto('/sign-in');
  await signInThroughForm(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/sign-in/);
  if (language !== 'en') {
    await context.addCookies([{ name: 'locale', value: language, url: server.url }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));
  }
  return page;
}

const dueRow = (page: Page, title: string) => page.getByTestId('due-soon').getByRole('listitem').filter({ hasText: title });

test.describe('a new user', () => {
  test('a student in two courses sees what is due soon, with the extension and a running time limit, and opens it', async ({
    browser,
    server,
  }) => {
    const page = await student(browser, server);
    const due = page.getByTestId('due-soon');
    await expect(due.getByRole('heading', { name: 'Due soon' })).toBeVisible();

    // The next visit asks for the list beside /api/users, not after it answers, and once (decision 045).
    // Counted from the new page's document on (the first visit's own request may leave just before).
    let reloaded = false;
    const asked: number[] = [];
    let usersAnswered = Number.POSITIVE_INFINITY;
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'document') reloaded = true;
      if (reloaded && new URL(request.url()).pathname === '/api/due-soon') asked.push(Date.now());
    };
    const onResponse = (response: Response) => {
      if (reloaded && new URL(response.url()).pathname === '/api/users') usersAnswered = Math.min(usersAnswered, Date.now());
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.reload();
    await expect(dueRow(page, 'Cadence drill')).toBeVisible();
    page.off('request', onRequest);
    page.off('response', onResponse);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeLessThan(usersAnswered);

    const quiz = dueRow(page, 'Timed quiz');
    await expect(quiz).toContainText(COURSE);
    await expect(quiz).toContainText('Time limit running');
    await expect(quiz).toContainText(/Time ends \d{4}-\d{2}-\d{2} /);
    await expect(dueRow(page, 'Cadence drill')).toContainText('Not started');
    await expect(dueRow(page, 'Cadence drill')).toContainText(`Due ${formatDateTime(world.drillDue, 'en', world.timeZone)}`);

    // The second course: due tomorrow for the class, in five days for this student.
    const chorale = dueRow(page, 'Chorale harmonization');
    await expect(chorale).toContainText(`${SECOND} · Chorales`);
    await expect(chorale).toContainText(`Due ${formatDateTime(world.extensionDue, 'en', world.timeZone)}`);
    await expect(chorale.getByText('Your extension')).toBeVisible();
    // Soonest first: the drill (3 days) before the chorale (the 5-day extension).
    const titles = await due.getByRole('listitem').allTextContents();
    const at = (title: string) => titles.findIndex((text) => text.includes(title));
    expect(at('Cadence drill')).toBeLessThan(at('Chorale harmonization'));

    await chorale.getByRole('link', { name: `Open Chorale harmonization (${SECOND})` }).click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${world.secondId}/document/${world.chorale}$`));

    // A course title still leads to the student's grade book (spec), which leads on to Assignments.
    await page.goto('/');
    await page.getByRole('link', { name: COURSE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${world.courseId}$`));
    await page.getByRole('link', { name: 'Go to Assignments' }).click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${world.courseId}/assignments$`));
    await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
  });

  const READINGS = [
    { language: 'en', due: 'Due' },
    { language: 'zh-hans', due: '截止' },
    { language: 'zh-hant', due: '截止' },
    { language: 'ko', due: '마감' },
  ] as const;
  for (const { language, due } of READINGS) {
    test(`in ${language} the same due date reads the same on the dashboard, the assignments list and the exercise`, async ({
      browser,
      server,
    }) => {
      const expected = formatDateTime(world.drillDue, language, world.timeZone);
      expect(expected).toMatch(/^\d{4}-\d{2}-\d{2} /);
      const page = await student(browser, server, language);
      await expect(dueRow(page, 'Cadence drill')).toContainText(expected);
      await page.screenshot({ path: `${SHOTS}/dashboard-${language}-1280.png`, fullPage: true });
      // A phone: its own browser (resizing would catch the sidebar drawer sliding away).
      const phone = await student(browser, server, language, { width: 375, height: 800 });
      await expect(dueRow(phone, 'Cadence drill')).toContainText(expected);
      await phone.screenshot({ path: `${SHOTS}/dashboard-${language}-375.png`, fullPage: true });
      await phone.context().close();

      await page.goto(`/student/course/${world.courseId}/assignments`);
      await expect(page.getByRole('region', { name: 'Quiz week' })).toContainText(`${due}`);
      await expect(page.getByRole('region', { name: 'Quiz week' })).toContainText(expected);

      await page.goto(`/student/course/${world.courseId}/document/${world.drill}`);
      await expect(page.getByRole('main')).toContainText(expected);
      await page.context().close();
    });
  }

  test('a toast covers no control: the header’s Activate Course is clickable at once, and the same words twice are one toast', async ({
    page,
    login,
  }) => {
    await login('instructor');
    await page.getByRole('button', { name: 'Create New Course' }).click();
    await expect(page).toHaveURL(/\/course\/\d+\/settings#course_created$/);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const saved = page.getByRole('status').filter({ hasText: 'Course settings saved.' });
    await page.getByLabel('Course title').fill(`Toasts ${Date.now()}`);
    await save.click();
    await expect(saved).toHaveCount(1);
    // The same words twice are one toast that stays longer, not a pile (QA Q4).
    await page.getByLabel('Course title').fill(`Toasts again ${Date.now()}`);
    await save.click();
    await expect(save).toBeDisabled();
    await expect(saved).toHaveCount(1);

    const activate = page.getByRole('button', { name: 'Activate Course' });
    const overlap = (p?: Box | null, q?: Box | null) =>
      !!p && !!q && p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
    const [savedBox, button, bar] = await Promise.all([saved, activate, save].map((l) => l.boundingBox()));
    expect(overlap(savedBox, button)).toBe(false);
    expect(overlap(savedBox, bar)).toBe(false);
    // At once: while the toast shows, a click on the button lands (no waiting for it to go).
    await activate.click({ timeout: 1500 });
    const dialog = page.getByRole('dialog', { name: 'Activate Course' });
    await expect(dialog).toBeVisible();
    await expect(saved).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('toasts.png') });
  });

  test('the course settings’ Save bar leaves the hint under a date field in view', async ({ page, login }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await login('instructor');
    await page.getByRole('button', { name: 'Create New Course' }).click();
    await expect(page).toHaveURL(/\/course\/\d+\/settings#course_created$/);
    await page.evaluate('window.scrollTo(0, 0)');
    // Focusing the field scrolls it into view: far enough for its hint to clear the bar.
    await page.getByLabel('Enrollment end date').focus();
    await expect(page.getByLabel('Enrollment end date')).toBeFocused();
    const hint = page.getByText(ENROLLMENT_HINT);
    const bar = page.locator('[data-sticky-actions]');
    const [hintBox, barBox] = [await hint.boundingBox(), await bar.boundingBox()];
    expect(hintBox && barBox && hintBox.y + hintBox.height <= barBox.y).toBe(true);
    await page.screenshot({ path: test.info().outputPath('save-bar.png') });
  });

  test('switching the interface language offers to send e-mails in it too; the profile says what its language is for', async ({
    page,
    login,
  }) => {
    await login('ta');
    await page.getByRole('banner').getByLabel('Language').selectOption({ label: '한국어' });
    const offer = page.getByRole('region', { name: '이메일 언어' });
    await expect(offer).toContainText('이메일은 지금 English(으)로 보내 드립니다.');
    await offer.getByRole('button', { name: '이메일을 한국어(으)로 받기' }).click();
    await expect(offer).toBeHidden();
    await page.goto('/my-profile');
    const row = page.getByRole('definition').filter({ hasText: '한국어' });
    await expect(row).toContainText('보내 드리는 이메일이 이 언어로 작성됩니다.');
    // Back to English, and the e-mails with it (the demo TA's other journeys read English).
    await page.getByRole('banner').getByLabel('언어').selectOption({ label: 'English' });
    const back = page.getByRole('region', { name: 'E-mail language' });
    await back.getByRole('button', { name: 'Send e-mails in English' }).click();
    await expect(back).toBeHidden();
    await expect(page.getByRole('definition').filter({ hasText: 'English' })).toContainText(
      'The e-mails we send you are written in this language.',
    );
  });

  test('the invite box never joins an invalid entry to the next address', async ({ page, login }) => {
    await login('instructor');
    await page
      .getByRole('region', { name: /^As Instructor/ })
      .getByRole('link', { name: COURSE, exact: true })
      .click();
    await page
      .getByRole('navigation', { name: /course/i })
      .getByRole('link', { name: 'People' })
      .click();
    await page.getByRole('button', { name: 'Invite Students' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Students' });
    const field = dialog.getByLabel('E-mail addresses');
    await field.pressSequentially('not-an-email');
    await field.press('Enter');
    await expect(dialog.getByText('not-an-email is not a valid email address.')).toBeVisible();
    await expect(field).toHaveValue('');
    await field.pressSequentially('bob@school.edu');
    await field.press('Enter');
    const chips = dialog.getByRole('list', { name: 'Added addresses: 1' }).getByRole('listitem');
    await expect(chips).toHaveText(['bob@school.edu', 'not-an-email']);
    await expect(dialog.getByText('not-an-emailbob@school.edu')).toHaveCount(0);
    // The invalid entry is corrected in place, apart from bob.
    await dialog.getByRole('button', { name: 'Not an address: not-an-email. Choose to correct it' }).click();
    await expect(field).toHaveValue('not-an-email');
    await field.fill('nadia@school.edu');
    await field.press('Enter');
    await expect(dialog.getByRole('list', { name: 'Added addresses: 2' }).getByRole('listitem')).toHaveText([
      'bob@school.edu',
      'nadia@school.edu',
    ]);
    await expect(dialog.getByText(/is not a valid email address/)).toHaveCount(0);
  });
});
