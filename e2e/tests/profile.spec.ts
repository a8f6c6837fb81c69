import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, type Server, signInThroughForm, test } from '../fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the admin CLI (`npm run admin -- …`) on the journey server's database, as an administrator would. */
async function admin(server: Server, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}

/** A brand-new student of its own, so the demo accounts stay as other journeys expect them. */
async function signUpStudent(page: Page, server: Server, email: string, password: string) {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Germaine');
  await page.getByLabel('Last name').fill('Tailleferre');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up\/confirmation/);
  await page.goto((await server.mailTo(email)).link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('profile', () => {
  test('a student edits the profile, asks for a teacher account and, once approved, signs in as an instructor', async ({
    page,
    server,
  }) => {
    // A long journey that also starts the admin CLI twice (a cold tsx start each time).
    test.setTimeout(180_000);
    const stamp = Date.now();
    const email = `germaine-${stamp}@example.com`;
    const newEmail = `g.tailleferre-${stamp}@example.com`;
    const password = 'Profile123';
    await signUpStudent(page, server, email, password);

    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Edit Settings' }).click();
    await expect(page).toHaveURL(/\/my-profile\/edit$/);
    const main = page.getByRole('main');

    // The name saves on blur and survives a reload.
    await main.getByLabel('First name').fill('  Marcelle ');
    await main.getByLabel('Last name').click();
    await expect(main.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('First name')).toHaveValue('Marcelle');

    // The language switches the interface at once, and back.
    await main.getByLabel('E-mail language').selectOption({ label: '繁體中文' });
    await expect(page.getByRole('heading', { name: '編輯設定' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(main.getByText('已儲存')).toBeVisible();
    await main.getByLabel('語言').selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Edit Settings' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A new e-mail asks for the current password; Cancel keeps the old address.
    const emailField = main.getByLabel('Email');
    await emailField.fill(newEmail);
    await emailField.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Please Enter Current Password to Change Email' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(emailField).toHaveValue(email);

    await emailField.fill(newEmail);
    await emailField.press('Enter');
    await dialog.getByLabel('Current password').fill('Wrong1234');
    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await expect(dialog).toBeHidden();
    // The new address takes effect once the link mailed to it is followed (issue 16).
    await expect(emailField).toHaveValue(email);
    const { link } = await server.mailTo(newEmail);
    await page.goto(link);
    await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
    await page.goto(`${server.url}/my-profile/edit`);
    await expect(emailField).toHaveValue(newEmail);

    await page.getByRole('link', { name: 'Back to My Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(main.getByText('Marcelle Tailleferre')).toBeVisible();
    await expect(main.getByText(newEmail)).toBeVisible();

    // The teacher account request.
    await page.getByRole('button', { name: 'Request Teacher Account' }).click();
    await expect(page).toHaveURL(/\/request-teacher-account$/);
    await page.getByLabel('School name').fill('Conservatoire de Paris');
    await page.getByLabel('Phone number').fill('+33 1 40 40 45 45');
    await page.getByLabel('School web site').fill('www.conservatoiredeparis.fr');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your teacher account request has been sent.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Teacher Account Request Pending' })).toBeDisabled();

    // An administrator approves it with the admin CLI; the user is told by e-mail.
    const pending = await admin(server, 'teacher-requests');
    expect(pending).toContain(newEmail);
    expect(pending).toContain('Conservatoire de Paris');
    expect(await admin(server, 'teacher-requests', 'approve', newEmail)).toContain(`${newEmail} is now an instructor`);
    // The mail job sends it soon after the approval: waits for it.
    await server.mailTo(newEmail, (m) => m.subject === 'Your teacher account is ready');

    // Signed in again, the student is an instructor.
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await signInThroughForm(page, newEmail, password);
    await expect(
      page.getByRole('button', { name: 'Create New Course' }).or(page.getByRole('link', { name: 'Create New Course' })),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Media Library' })).toBeVisible();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(main.getByText('Instructor', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Teacher Account/ })).toHaveCount(0);

    // The request page now turns an instructor away.
    await page.goto('/request-teacher-account');
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByRole('status').filter({ hasText: "You're already an instructor." })).toBeVisible();
  });
});
