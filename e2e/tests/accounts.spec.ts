import { DEMO, expect, signInThroughForm, test } from '../fixtures.ts';

test.describe('accounts', () => {
  test('a new person signs up, follows the e-mailed link, creates a password and is signed in', async ({ page, server }) => {
    const email = `nadia-${Date.now()}@example.com`;
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Boulanger');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Send me notification e-mails about my courses').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/sign-up\/confirmation/);
    await expect(page.getByText(`We sent an e-mail to ${email}.`)).toBeVisible();

    const mail = await server.mailTo(email);
    expect(mail.subject).toBe('Finish creating your account');
    expect(mail.link).toContain('/create-password?token=');
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();

    const rule = (name: string) => page.locator(`[data-rule="${name}"]`);
    await page.getByLabel('New password').pressSequentially('abc');
    await expect(rule('lowercase')).toHaveAttribute('data-state', 'met');
    await expect(rule('uppercase')).toHaveAttribute('data-state', 'unmet');
    await expect(rule('length')).toHaveAttribute('data-state', 'unmet');
    await page.getByLabel('New password').pressSequentially('DEF123');
    for (const name of ['length', 'uppercase', 'lowercase', 'digit']) await expect(rule(name)).toHaveAttribute('data-state', 'met');
    await page.getByLabel('Confirm password').fill('abcDEF123');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Nadia!')).toBeVisible();

    // The link works once.
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto(mail.link);
    await page.getByLabel('New password').fill('Other1234');
    await page.getByLabel('Confirm password').fill('Other1234');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'This link is no longer valid.' })).toBeVisible();

    // And the new password signs in.
    await page.goto('/sign-in');
    await signInThroughForm(page, email, 'abcDEF123');
    await expect(page.getByText('Welcome, Nadia!')).toBeVisible();
  });

  test('a wrong password says so', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page, DEMO.student, 'WrongPass999');
    await expect(page.getByText('Email or password is not correct.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('a deep link while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/my-profile');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fmy-profile$/);
    await signInThroughForm(page, DEMO.student);
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByText('Fanny Mendelssohn')).toBeVisible();
    await expect(page.getByText('student@example.com')).toBeVisible();
  });

  test('a forgotten password is reset through the e-mailed link, then changed from the profile', async ({ page, server }) => {
    const email = `reset-${Date.now()}@example.com`;
    // An account of its own, so the demo passwords stay as they are for other journeys.
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Lili');
    await page.getByLabel('Last name').fill('Boulanger');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/sign-up\/confirmation/);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    const mail = await server.mailTo(email, (m) => m.subject === 'Reset your password');
    await page.goto(mail.link);
    await page.getByLabel('New password').fill('Reset1234');
    await page.getByLabel('Confirm password').fill('Reset1234');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Welcome, Lili!')).toBeVisible();

    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel('Current password').fill('Wrong1234');
    await page.getByLabel('New password').fill('Changed123');
    await page.getByLabel('Confirm password').fill('Changed123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();
    await page.getByLabel('Current password').fill('Reset1234');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page).toHaveURL(/\/my-profile$/);

    await page.getByRole('link', { name: 'Sign Out' }).click();
    await signInThroughForm(page, email, 'Changed123');
    await expect(page.getByText('Welcome, Lili!')).toBeVisible();
  });

  test('signing out ends the session: protected pages send you back to sign-in', async ({ page, login }) => {
    await login('instructor');
    await expect(page.getByText('Welcome, Clara!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Media Library' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('students do not see the instructor menu entries', async ({ page, login }) => {
    await login('student');
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Media Library' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Content Library' })).toHaveCount(0);
  });

  test('an unknown path shows the not-found page to a signed-in user', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fno%2Fsuch%2Fpage$/);
    await signInThroughForm(page, DEMO.student);
    await expect(page.getByText('Sorry! The page you tried to load could not be found.')).toBeVisible();
  });

  test('the /dev playground shows the button variants', async ({ page, login }) => {
    await login('instructor');
    await page.goto('/dev');
    for (const name of ['Primary', 'Secondary', 'Outline', 'Danger', 'Ghost']) {
      await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
    }
  });
});
