import { DEMO, expect, type Server, signInThroughForm, startServer, test } from '../fixtures.ts';

test('no page breaks the Content-Security-Policy: zod parses without eval (issue 16)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      console.error('Content Security Policy violation: ' + event.violatedDirective + ' ' + event.blockedURI);
    });`,
  });

  await page.goto('/sign-in');
  // A refused sign-in parses the form and the error envelope with zod.
  await signInThroughForm(page, DEMO.instructor, 'WrongPass123');
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  await signInThroughForm(page, DEMO.instructor);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.getByRole('link', { name: 'Music Theory I', exact: true }).first().click();
  await expect(page).toHaveURL(/\/course\/\d+/);
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/my-profile/edit');
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.goto('/change-password');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test.describe('e-mail change (issue 16)', () => {
  // A server of its own: the demo account's address changes here.
  let own: Server;
  test.beforeAll(async () => {
    own = await startServer();
  });
  test.afterAll(async () => {
    await own.stop();
  });

  test('a new address takes effect only once the link sent to it is followed; the old address is told', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${own.url}/sign-in`);
    await signInThroughForm(page, DEMO.ta);
    await expect(page).not.toHaveURL(/\/sign-in/);
    await page.goto(`${own.url}/my-profile/edit`);
    const field = page.getByLabel('Email', { exact: true });
    await field.fill('ta.new@example.com');
    await field.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Please Enter Current Password to Change Email' });
    await dialog.getByLabel('Current password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('We sent a link to ta.new@example.com. Your e-mail address changes once you follow it.'),
    ).toBeVisible();
    await expect(page.getByText('Waiting for confirmation: we sent a link to ta.new@example.com.', { exact: false })).toBeVisible();
    await expect(field).toHaveValue(DEMO.ta);

    const notice = await own.mailTo(DEMO.ta, (m) => m.subject.includes('A change of your e-mail address was requested'));
    expect(notice.subject).toContain('A change of your e-mail address was requested');
    const { link } = await own.mailTo('ta.new@example.com');
    expect(link).toContain('/confirm-email?token=');
    await page.goto(link);
    await expect(page.getByText('Your e-mail address is now ta.new@example.com.')).toBeVisible();
    // Once only.
    await page.reload();
    await expect(page.getByText('This link is invalid, has already been used or has expired.')).toBeVisible();
    await page.goto(`${own.url}/my-profile/edit`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ta.new@example.com');
  });
});
