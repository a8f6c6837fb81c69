import { DEMO, expect, signInThroughForm, test } from '../fixtures.ts';

test('screenshots (instructor)', async ({ page, login, browser, server }) => {
  await login('student');
  await page.goto('/');
  await page.getByRole('link', { name: 'Music Theory I', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Course menu' }).getByRole('link', { name: /^Discussion/ }).click();
  for (const [title, body] of [
    ['When is the next quiz?', 'Is it on Friday?'],
    ['Cadential six-four: V64 or I64?', 'The course settings say V64.\nWhy?'],
    ['Parallel fifths in bar 3', 'Between soprano and bass:\n<script>alert(1)</script> is what I wrote.'],
  ]) {
    await page.getByRole('button', { name: 'New Thread' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill(body);
    await page.getByRole('button', { name: 'Post Thread' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'All threads' }).click();
  }
  const ctx = await browser.newContext({ baseURL: server.url });
  const t = await ctx.newPage();
  await t.goto('/sign-in');
  await signInThroughForm(t, DEMO.instructor);
  await expect(t).not.toHaveURL(/sign-in/);
  await t.getByRole('link', { name: 'Music Theory I', exact: true }).first().click();
  await t.getByRole('navigation', { name: 'Course menu' }).getByRole('link', { name: /^Discussion/ }).click();
  await t.getByRole('link', { name: 'Cadential six-four: V64 or I64?' }).click();
  await t.getByRole('button', { name: 'Pin' }).click();
  await t.getByLabel('Your reply').fill('Because the course uses the V64 label.\nBoth are accepted.');
  await t.getByRole('button', { name: 'Post Reply' }).click();
  await expect(t.getByText('Both are accepted.')).toBeVisible();
  await t.getByRole('button', { name: 'Lock' }).click();
  await expect(t.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await t.waitForTimeout(5500);
  await t.screenshot({ path: '/tmp/disc/shots/i-thread-desktop.png', fullPage: true });
  await t.setViewportSize({ width: 375, height: 812 });
  await t.waitForTimeout(300);
  await t.screenshot({ path: '/tmp/disc/shots/i-thread-375.png', fullPage: true });
  await t.setViewportSize({ width: 1280, height: 800 });
  await t.getByRole('link', { name: 'All threads' }).click();
  await t.waitForTimeout(800);
  await t.screenshot({ path: '/tmp/disc/shots/i-list-desktop.png', fullPage: true });
  await t.setViewportSize({ width: 375, height: 812 });
  await t.waitForTimeout(300);
  await t.screenshot({ path: '/tmp/disc/shots/i-list-375.png', fullPage: true });
  await t.getByRole('button', { name: 'Menu' }).click();
  await t.waitForTimeout(300);
  await t.screenshot({ path: '/tmp/disc/shots/i-menu-375.png' });
  // The student's view of the board now.
  await page.reload();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/disc/shots/s-list-desktop.png', fullPage: true });
  await ctx.close();
});
