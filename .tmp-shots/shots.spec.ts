import { expect, test } from '../e2e/fixtures.ts';

test('screens', async ({ page, login }) => {
  await login('student');
  for (const [w, h, tag] of [[1280, 900, 'desktop'], [375, 800, 'mobile']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/my-profile');
    await expect(page.getByRole('button', { name: 'Edit Settings' })).toBeVisible();
    await page.screenshot({ path: `.tmp-shots/out/profile-${tag}.png`, fullPage: true });
    await page.goto('/my-profile/edit');
    await expect(page.getByLabel('First name')).toHaveValue('Fanny');
    await page.getByLabel('First name').fill(`Fanny ${tag}`);
    await page.getByLabel('Last name').click();
    await expect(page.getByText('Saved')).toBeVisible();
    await page.screenshot({ path: `.tmp-shots/out/edit-${tag}.png`, fullPage: true });
    await page.getByLabel('Email').fill('fanny.new@example.com');
    await page.getByLabel('Email').press('Enter');
    await page.getByLabel('Current password', { exact: true }).fill('nope');
    await page.getByRole('button', { name: 'Change Email' }).click();
    await expect(page.getByRole('dialog').getByText('The current password is not correct.')).toBeVisible();
    await page.screenshot({ path: `.tmp-shots/out/email-${tag}.png` });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/request-teacher-account');
    await page.getByLabel('Phone number').fill('abc');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.screenshot({ path: `.tmp-shots/out/request-${tag}.png`, fullPage: true });
  }
});
