import { DEMO, expect, signInThroughForm, test } from '../fixtures.ts';

test.describe('interface', () => {
  test('switching to 한국어 changes the screen and survives a reload', async ({ page, context }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.getByLabel('Language').first().selectOption({ label: '한국어' });
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.reload();
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('ko');
  });

  test('below 768 px the sidebar hides behind the menu icon', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/sign-in');
    await signInThroughForm(page, DEMO.instructor);
    await expect(page.getByText('Welcome, Clara!')).toBeVisible();
    const profileLink = page.getByRole('link', { name: 'My Profile' });
    await expect(profileLink).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(profileLink).toBeVisible();
    await profileLink.click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(profileLink).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(profileLink).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});
