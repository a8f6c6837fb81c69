import { DEMO, expect, type Server, signInThroughForm, startServer, test } from '../fixtures.ts';

// A server of its own whose sessions idle out after 70 s: the warning shows 10 s after activity.
let idleServer: Server;
test.beforeAll(async () => {
  idleServer = await startServer({ SESSION_IDLE_SECONDS: '70' });
});
test.afterAll(async () => {
  await idleServer.stop();
});

test('the timeout modal counts down, Continue keeps the session, waiting it out lands on sign-in', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto(`${idleServer.url}/sign-in`);
  await signInThroughForm(page, DEMO.student);
  await expect(page.getByText('Welcome, Fanny!')).toBeVisible();

  const modal = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  const seconds = async () => Number(((await modal.getByText(/\d+ seconds/).textContent()) ?? '').match(/\d+/)?.[0]);
  const first = await seconds();
  expect(first).toBeLessThanOrEqual(60);
  await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);

  const expiryBefore = Number((await context.cookies()).find((c) => c.name === 'token_expire')?.value);
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeHidden();
  const expiryAfter = Number((await context.cookies()).find((c) => c.name === 'token_expire')?.value);
  expect(expiryAfter).toBeGreaterThan(expiryBefore);
  await expect(page.getByText('Welcome, Fanny!')).toBeVisible();

  // Wait it out this time. From the dashboard (/) sign-in carries no redirect (spec §2, issue 16).
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/sign-in$/, { timeout: 75_000 });
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();

  // The notice is a 10-second flag: gone after a later reload.
  await page.waitForTimeout(10_500);
  await page.reload();
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeHidden();
});

test('polls do not keep an idle session alive: on a course page the session still runs out (issue 16)', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`${idleServer.url}/sign-in`);
  await signInThroughForm(page, DEMO.student);
  await page.getByRole('link', { name: 'Music Theory I', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/course\/\d+$/);
  const coursePath = new URL(page.url()).pathname;

  // The discussion badge asks for the unread count every 60 s. Without input from the user those
  // calls are background requests: they neither move the expiry nor close the countdown.
  // The page's own first load of the count follows the click (the user's action); the polls after
  // the app's 10 s activity window are the ones that must be background requests.
  const polls: string[] = [];
  const openedAt = Date.now();
  page.on('request', (request) => {
    if (request.url().includes('/discussion/unread-count') && Date.now() - openedAt > 11_000)
      polls.push(request.headers()['x-background-request'] ?? '');
  });
  const modal = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${idleServer.url}/sign-in?redirect=${encodeURIComponent(coursePath)}`, { timeout: 90_000 });
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  expect(polls.length).toBeGreaterThan(0);
  expect(polls.every((flag) => flag === '1')).toBe(true);
});

test('Log Out in the timeout modal signs out at once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${idleServer.url}/sign-in`);
  await signInThroughForm(page, DEMO.ta);
  const modal = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await modal.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`${idleServer.url}/`);
  await expect(page).toHaveURL(/\/sign-in$/);
});
