import type { Browser, Page } from '@playwright/test';
import { expect, type Server, test } from '../fixtures.ts';

const COURSE = 'Music Theory I';

let serial = 0;
/** An address nobody has used on this server yet. */
function freshEmail(name: string) {
  serial += 1;
  return `${name}-${Date.now()}-${serial}@example.com`;
}

/** A second person at their own browser: a context with its own cookies and storage. */
async function secondBrowser(browser: Browser, server: Server): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

/** Waits for the newest e-mail to an address to have this subject, and returns its link. */
async function linkFromMail(server: Server, email: string, subject: string): Promise<string> {
  return (await server.mailTo(email, (m) => m.subject === subject)).link;
}

/** Fills the sign-up form as a person does (the page must show it). */
async function fillSignUp(page: Page, first: string, last: string, email: string) {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up\/confirmation/);
}

/** Follows the create-password e-mail and sets a password; the person is then signed in. */
async function createPassword(page: Page, server: Server, email: string) {
  await page.goto(await linkFromMail(server, email, 'Finish creating your account'));
  await page.getByLabel('New password').fill('Joining123');
  await page.getByLabel('Confirm password').fill('Joining123');
  await page.getByRole('button', { name: 'Set Password' }).click();
}

/** A brand-new student account, signed in on its own browser, on the dashboard. */
async function newStudent(browser: Browser, server: Server, first: string, last: string) {
  const page = await secondBrowser(browser, server);
  const email = freshEmail(first.toLowerCase());
  await page.goto('/sign-up');
  await fillSignUp(page, first, last, email);
  await createPassword(page, server, email);
  await expect(page.getByText(`Welcome, ${first}!`)).toBeVisible();
  return { page, email, name: `${first} ${last}` };
}

/** From the dashboard, through the course card's menu, to the People page of the demo course. */
async function openPeople(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: `Actions for ${COURSE}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/course\/\d+\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
}

/** The course's invitation code, read from its information page as an instructor would. */
async function readInvitationCode(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: `Actions for ${COURSE}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Info' }).click();
  const code = page.locator('[data-row="code"] code');
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/);
  return (await code.textContent()) ?? '';
}

/** The page's clipboard, typed here because the journeys compile without the DOM library. */
type PageGlobals = { navigator: { clipboard: { writeText: (text: string) => Promise<void> } } };

/** Puts text on the clipboard and pastes it into the focused field with the keyboard. */
async function paste(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => (globalThis as unknown as PageGlobals).navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The dashboard's join form: 'Join A Course', the code, Enter. */
async function joinByCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Join A Course' }).click();
  const field = page.getByPlaceholder('Enter 6-digit invitation code');
  await field.fill(code.toLowerCase());
  await field.press('Enter');
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const section = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('people', () => {
  test('an instructor invites students by e-mail; a new invitee signs up from the link and lands in the course', async ({
    page,
    login,
    server,
    browser,
  }) => {
    const invitee = freshEmail('nadia');
    await login('instructor');
    await openPeople(page);

    await page.getByRole('button', { name: 'Invite Students' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Students' });
    await expect(dialog.getByRole('button', { name: 'Invite', exact: true })).toBeDisabled();
    await dialog.getByLabel('E-mail addresses').click();
    await paste(page, `"Nadia Boulanger" <${invitee}>, not-an-address@nowhere; ${invitee.toUpperCase()}`);
    await expect(dialog.getByRole('list', { name: 'Added addresses: 1' }).getByRole('listitem')).toHaveText([invitee]);
    await expect(dialog.getByText('not-an-address@nowhere is not a valid email address.')).toBeVisible();
    await expect(dialog.getByText(`${invitee} has already been added.`)).toBeVisible();
    // One more typed by hand: the demo student is in the course already.
    await dialog.getByLabel('E-mail addresses').pressSequentially('student@example.com');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Remove student@example.com' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByText('Invitations sent: 1 of 2.')).toBeVisible();
    await expect(dialog.getByText('student@example.com is already a member of this course.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(section(page, 'Pending Invitations').getByRole('cell', { name: invitee, exact: true })).toBeVisible();

    // The invitee has no account: the link sends them to sign-in, and on to sign-up.
    const guest = await secondBrowser(browser, server);
    const invitation = await linkFromMail(server, invitee, `You are invited to join ${COURSE}`);
    expect(invitation).toMatch(/\/join\/[\w-]+$/);
    await guest.goto(invitation);
    await expect(guest).toHaveURL(/\/sign-in\?redirect=%2Fjoin%2F/);
    await guest.getByRole('link', { name: 'Sign up' }).click();
    await expect(guest).toHaveURL(/\/sign-up\?redirect=%2Fjoin%2F/);
    await fillSignUp(guest, 'Nadia', 'Boulanger', invitee);
    await createPassword(guest, server, invitee);

    await expect(guest).toHaveURL(new URL(invitation).pathname);
    await expect(guest.getByText(`You have successfully joined the course "${COURSE}".`)).toBeVisible();
    await guest.getByRole('link', { name: 'Go to the course' }).click();
    await expect(guest).toHaveURL(/\/student\/course\/\d+\/info$/);
    await expect(guest.getByRole('heading', { name: 'Course Information' })).toBeVisible();

    // The link was single use, and the instructor now finds Nadia among the students.
    await guest.goto(invitation);
    await expect(guest.getByText('This course invitation is no longer available.')).toBeVisible();
    await page.reload();
    await expect(section(page, 'Students').getByRole('cell', { name: 'Nadia Boulanger', exact: true })).toBeVisible();
    await expect(section(page, 'Pending Invitations').getByRole('cell', { name: invitee, exact: true })).toHaveCount(0);
  });

  test('a student joins by code, the instructor accepts, and the course appears on the student dashboard', async ({
    page,
    login,
    server,
    browser,
  }) => {
    await login('instructor');
    const code = await readInvitationCode(page);

    // A last name of its own: other journeys on this server make students too.
    const student = await newStudent(browser, server, 'Lili', `Boulanger-${Date.now().toString(36)}`);
    await expect(student.page.getByText('Have an invitation code from your instructor?')).toBeVisible();
    await joinByCode(student.page, code);
    await expect(toast(student.page, 'Enrollment request submitted!')).toBeVisible();
    const requests = section(student.page, 'Enrollment Requests');
    const row = requests.getByRole('row').filter({ hasText: COURSE });
    await expect(row).toContainText('PENDING');
    await expect(row).toContainText('Harmony Conservatory of Music');
    await expect(student.page.getByRole('heading', { name: 'As Student' })).toHaveCount(0);

    await openPeople(page);
    const pending = section(page, 'Enrollment Requests');
    await expect(pending.getByRole('cell', { name: student.email, exact: true })).toBeVisible();
    await pending.getByRole('button', { name: `Accept ${student.name}` }).click();
    await expect(toast(page, 'Enrollment request accepted.')).toBeVisible();
    await expect(pending.getByText('No enrollment requests are waiting.')).toBeVisible();
    await expect(section(page, 'Students').getByRole('cell', { name: student.name, exact: true })).toBeVisible();

    await student.page.reload();
    await expect(row).toContainText('ACCEPTED');
    await expect(student.page.getByRole('heading', { name: 'As Student' })).toBeVisible();
    await expect(student.page.getByRole('link', { name: COURSE, exact: true })).toBeVisible();
  });

  test('a student cancels an enrollment request', async ({ page, login, server, browser }) => {
    await login('instructor');
    const code = await readInvitationCode(page);
    const student = await newStudent(browser, server, 'Germaine', 'Tailleferre');

    // Submit is held back until six characters, and a second request for the same course is refused.
    await student.page.getByRole('button', { name: 'Join A Course' }).click();
    const field = student.page.getByPlaceholder('Enter 6-digit invitation code');
    await field.fill(code.slice(0, 4));
    await expect(student.page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await field.press('Enter');
    await expect(student.page.getByText('Invitation code must be 6 digits')).toBeVisible();
    await field.fill(code);
    await field.press('Enter');
    await expect(toast(student.page, 'Enrollment request submitted!')).toBeVisible();
    await joinByCode(student.page, code);
    await expect(toast(student.page, 'Enrollment request already submitted.')).toBeVisible();

    const row = section(student.page, 'Enrollment Requests').getByRole('row').filter({ hasText: COURSE });
    await expect(row).toContainText('PENDING');
    await row.getByRole('button', { name: `Cancel the request to join ${COURSE}` }).click();
    await expect(toast(student.page, 'Enrollment request cancelled.')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The instructor has nothing left to decide.
    await openPeople(page);
    await expect(section(page, 'Enrollment Requests').getByRole('cell', { name: student.email, exact: true })).toHaveCount(0);
  });

  test('an instructor invites a TA, the TA accepts on the dashboard, and the instructor removes them', async ({
    page,
    login,
    server,
    browser,
  }) => {
    const ta = await newStudent(browser, server, 'Darius', 'Milhaud');

    await login('instructor');
    await openPeople(page);
    await page.getByRole('button', { name: 'Invite TAs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite TAs' });
    await dialog.getByLabel('E-mail addresses').pressSequentially(`${ta.email} `);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByText('Invitations sent: 1 of 1.')).toBeVisible();
    await page.keyboard.press('Escape');

    // The TA already has an account: the invitation waits on their dashboard.
    await ta.page.reload();
    const invitations = section(ta.page, 'Invitations');
    const row = invitations.getByRole('row').filter({ hasText: COURSE });
    await expect(row).toContainText('TA');
    await row.getByRole('button', { name: `Accept the invitation to ${COURSE}` }).click();
    await expect(toast(ta.page, `You have joined ${COURSE}.`)).toBeVisible();
    await expect(invitations).toHaveCount(0);
    await expect(ta.page.getByRole('heading', { name: 'As TA' })).toBeVisible();

    await page.reload();
    const tas = section(page, 'TAs');
    await expect(tas.getByRole('cell', { name: ta.name, exact: true })).toBeVisible();
    await tas.getByRole('button', { name: `Remove ${ta.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove TA' });
    await expect(confirm).toContainText(`${ta.name} (${ta.email}) will no longer have access to ${COURSE}.`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, `TA ${ta.name} removed.`)).toBeVisible();
    await expect(tas.getByRole('cell', { name: ta.name, exact: true })).toHaveCount(0);
    // The demo TA stays, and nobody can remove themselves.
    await expect(tas.getByRole('cell', { name: 'Johannes Brahms', exact: true })).toBeVisible();
    await expect(section(page, 'Instructors').getByRole('button', { name: 'Remove Clara Schumann' })).toHaveCount(0);
  });
});
