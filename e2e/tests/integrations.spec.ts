import type { Browser, Page } from '@playwright/test';
import { type StandIns, startStandIns } from '../../packages/server/test/stand-ins.ts';
import { DEMO, expect, type Server, signInThroughForm, startServer, test } from '../fixtures.ts';

const COURSE = 'Music Theory I';
const PAST_DUE = 'The assignment due date cannot be in the past.  Please set it to a time in the future.';

/** What the journeys read from the page's globals; they compile without the DOM library. */
type PageGlobals = {
  document: { cookie: string };
  fetch: (url: string, init: Record<string, unknown>) => Promise<{ status: number; json: () => Promise<unknown> }>;
};

/** One API call from the signed-in page, as the web app makes it (bearer token and CSRF header from its cookies). */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const g = globalThis as unknown as PageGlobals;
      const cookie = (name: string) =>
        decodeURIComponent(
          g.document.cookie
            .split('; ')
            .find((c) => c.startsWith(`${name}=`))
            ?.slice(name.length + 1) ?? '',
        );
      const res = await g.fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${cookie('access_token')}`,
          'X-CSRFToken': cookie('csrftoken'),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
  if (result.status >= 300) throw new Error(`${method} ${path} answered ${result.status}: ${JSON.stringify(result.json)}`);
  return (result.json as { data: T }).data;
}

let serial = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++serial}`;

/** The demo course as its instructor sees it. */
async function demoCourse(page: Page): Promise<{ id: number; invitation_code: string }> {
  const user = await callApi<{ course_instructors: { id: number; title: string; invitation_code: string }[] }>(page, 'GET', '/api/users');
  const course = user.course_instructors.find((c) => c.title === COURSE);
  if (!course) throw new Error(`${COURSE} is not among the instructor's courses`);
  return course;
}

/**
 * A set of the demo course made through the API, with one document from the content library;
 * the journeys then open it from the course page as an instructor does.
 */
async function setWithDocument(page: Page, courseId: number, dueInSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  const title = unique('Cadences');
  const set = await callApi<{ id: number }>(page, 'POST', `/api/courses/${courseId}/assignments`, {
    title,
    released_at: now - 3600,
    due_at: now + dueInSeconds,
  });
  const library = await callApi<{ documents: { id: number; title: string }[] }[]>(page, 'GET', '/api/content-library');
  const doc = library.flatMap((s) => s.documents)[0];
  if (!doc) throw new Error('the content library is empty');
  const [added] = await callApi<{ id: number; title: string }[]>(page, 'POST', `/api/assignments/${set.id}/documents`, {
    document_ids: [doc.id],
  });
  if (!added) throw new Error('no document was added');
  return { title, setId: set.id, document: added };
}

async function openSetEditor(page: Page, server: Server, courseId: number, setTitle: string) {
  await page.goto(`${server.url}/course/${courseId}`);
  await page.getByRole('link', { name: `Edit ${setTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Assignment Set', level: 1 })).toBeVisible();
}

test.describe('Google Classroom', () => {
  // Google's consent, token and Classroom endpoints on loopback, and a server of our own that uses them.
  let standIns: StandIns;
  let googleServer: Server;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    standIns = await startStandIns();
    googleServer = await startServer({ ...standIns.env });
  });
  test.afterAll(async () => {
    await googleServer?.stop();
    await standIns?.close();
  });

  test('an instructor links Google, sends a document to a Classroom course and sees it disabled afterwards', async ({ page }) => {
    await page.goto(`${googleServer.url}/sign-in`);
    await signInThroughForm(page, DEMO.instructor);
    await expect(page).not.toHaveURL(/\/sign-in/);
    const course = await demoCourse(page);
    const { title, setId, document } = await setWithDocument(page, course.id, 7 * 86_400);
    await openSetEditor(page, googleServer, course.id, title);

    // Not linked yet: the button takes the tab through Google's consent page and back.
    await page.getByRole('button', { name: `Add ${document.title} to Google Classroom` }).click();
    await expect(page.getByRole('heading', { name: /Google stand-in/ })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(standIns.url);
    await page.getByRole('link', { name: 'Allow' }).click();

    // Back on the set, the modal opens by itself for the same document, and gc leaves the address.
    const dialog = page.getByRole('dialog', { name: 'Add to Google Classroom' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${googleServer.url}/course/${course.id}/assignment/${setId}`);
    await expect(dialog.getByLabel('Title')).toHaveValue(document.title);
    await dialog.getByRole('radio', { name: 'Period 4 Music Theory' }).check();
    await dialog.getByLabel('Description').fill('Label every cadence before Friday.');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('status').filter({ hasText: `"${document.title}" was sent to Google Classroom.` })).toBeVisible();
    await expect(dialog).toBeHidden();
    const sent = page.getByRole('button', { name: `${document.title}: sent to Google Classroom` });
    await expect(sent).toBeDisabled();
    await expect(sent).toHaveText('Sent to Google Classroom');

    const work = standIns.state.coursework.at(-1);
    expect(work?.courseId).toBe('1002');
    expect(work?.body).toMatchObject({ title: document.title, description: 'Label every cadence before Friday.', workType: 'ASSIGNMENT' });

    // The server remembers: after a reload the document is still disabled.
    await page.reload();
    await expect(page.getByRole('button', { name: `${document.title}: sent to Google Classroom` })).toBeDisabled();
  });

  test('a set due now only gets the past-due message, with Ok', async ({ page }) => {
    await page.goto(`${googleServer.url}/sign-in`);
    await signInThroughForm(page, DEMO.instructor);
    await expect(page).not.toHaveURL(/\/sign-in/);
    const course = await demoCourse(page);
    const { title, document } = await setWithDocument(page, course.id, 30);
    const sentBefore = standIns.state.coursework.length;
    await openSetEditor(page, googleServer, course.id, title);

    await page.getByRole('button', { name: `Add ${document.title} to Google Classroom` }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Classroom' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(PAST_DUE);
    await expect(dialog.getByRole('button')).toHaveText(['Ok']);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    // Nothing went to Google, and the browser stayed here.
    expect(standIns.state.coursework).toHaveLength(sentBefore);
    expect(new URL(page.url()).origin).toBe(googleServer.url);
  });
});

/** A brand-new student at their own browser, signed up through the forms and enrolled in the demo course. */
async function newEnrolledStudent(browser: Browser, server: Server, instructor: Page, invitationCode: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const email = `payer-${Date.now()}-${++serial}@example.com`;
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Lili');
  await page.getByLabel('Last name').fill('Boulanger');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up\/confirmation/);
  await page.goto((await server.mailTo(email, (m) => m.subject === 'Finish creating your account')).link);
  await page.getByLabel('New password').fill('Paying1234');
  await page.getByLabel('Confirm password').fill('Paying1234');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Welcome, Lili!')).toBeVisible();

  // The enrollment itself is the people journeys' subject: here it goes through the API.
  const request = await callApi<{ id: number }>(page, 'POST', '/api/course-enrollment-requests', { invitation_code: invitationCode });
  await callApi(instructor, 'POST', '/api/course-enrollment-admissions', { course_enrollment_request_ids: [request.id] });
  return { page, email };
}

test.describe('course fee', () => {
  test('a student pays through the test checkout and the fee line changes', async ({ page, login, browser, server }) => {
    await login('instructor');
    const course = await demoCourse(page);
    const student = await newEnrolledStudent(browser, server, page, course.invitation_code);
    const studentPage = student.page;

    await studentPage.goto('/');
    await studentPage.getByRole('button', { name: `Actions for ${COURSE}`, exact: true }).click();
    await studentPage.getByRole('menuitem', { name: 'Info' }).click();
    await expect(studentPage).toHaveURL(`${server.url}/student/course/${course.id}/info`);

    const fee = studentPage.locator('[data-row="fee"]');
    await expect(fee).toContainText('Fee Paid By Students:');
    await expect(fee).toContainText(/\$ [\d.]+ USD per student/);
    await expect(fee.getByText('Paid', { exact: true })).toHaveCount(0);

    // Cancel first: nothing is paid, and the page only logs that there was no order.
    const logged: string[] = [];
    studentPage.on('console', (message) => logged.push(message.text()));
    await studentPage.getByRole('button', { name: 'Click here to pay your course fee.' }).click();
    const checkout = studentPage.getByRole('dialog', { name: 'Test checkout — no real payment' });
    await expect(checkout).toBeVisible();
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(checkout).toBeHidden();
    expect(logged).toContain('no order ID');

    await studentPage.getByRole('button', { name: 'Click here to pay your course fee.' }).click();
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText(student.email);
    await expect(checkout).toContainText(/\$ [\d.]+ USD/);
    await checkout.getByRole('button', { name: 'Pay (test)' }).click();

    await expect(studentPage.getByRole('status').filter({ hasText: 'Course fee payment successful.' })).toBeVisible();
    await expect(checkout).toBeHidden();
    await expect(studentPage.getByRole('button', { name: 'Click here to pay your course fee.' })).toHaveCount(0);
    await expect(fee.getByText('Paid', { exact: true })).toBeVisible();

    // It stays paid.
    await studentPage.reload();
    await expect(studentPage.locator('[data-row="fee"]').getByText('Paid', { exact: true })).toBeVisible();
    await expect(studentPage.getByRole('button', { name: 'Click here to pay your course fee.' })).toHaveCount(0);
    await studentPage.context().close();
  });
});
