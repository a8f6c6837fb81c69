import { DEMO, expect, signInThroughForm, test } from '../fixtures.ts';

test('no page breaks the Content-Security-Policy: zod parses without eval (issue 16)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
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
