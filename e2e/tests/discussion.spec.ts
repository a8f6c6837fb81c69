import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signedInElsewhere, test } from '../fixtures.ts';

const COURSE = 'Music Theory I';

function courseMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Course menu' });
}

/** The course menu's Discussion entry; its name carries the unread count when there is one. */
function discussionLink(page: Page): Locator {
  return courseMenu(page).getByRole('link', { name: /^Discussion/ });
}

/** From the dashboard, through the course card's title and the course menu, to the board. */
async function openBoard(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: COURSE, exact: true }).first().click();
  await discussionLink(page).click();
  await expect(page).toHaveURL(/\/course\/\d+\/discussion$/);
  await expect(page.getByRole('heading', { name: 'Discussion', level: 1 })).toBeVisible();
}

test.describe('discussion', () => {
  test('a student asks, the instructor answers and pins, and both unread counts return to 0', async ({ page, login, browser, server }) => {
    const title = `Parallel fifths in bar ${Date.now().toString(36)}?`;

    // The student starts a thread.
    await login('student');
    await openBoard(page);
    await expect(page).toHaveURL(/\/student\/course\/\d+\/discussion$/);
    await page.getByRole('button', { name: 'New Thread' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill('Between soprano and bass:\n<script>alert(1)</script> is what I wrote.');
    await page.getByRole('button', { name: 'Post Thread' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('<script>alert(1)</script> is what I wrote.')).toBeVisible();
    await expect(discussionLink(page)).toHaveText('Discussion');

    // The instructor sees one unread thread, opens it, answers and pins it.
    const teacher = await signedInElsewhere(browser, server, DEMO.instructor);
    await teacher.getByRole('link', { name: COURSE, exact: true }).first().click();
    await expect(discussionLink(teacher)).toHaveAccessibleName('Discussion Unread threads: 1');
    await discussionLink(teacher).click();
    const row = teacher.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await expect(teacher.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(discussionLink(teacher)).toHaveAccessibleName('Discussion');

    await teacher.getByLabel('Your reply').fill('Yes: parallel fifths.\nRevoice the alto.');
    await teacher.getByRole('button', { name: 'Post Reply' }).click();
    await expect(teacher.getByRole('listitem').filter({ hasText: 'Revoice the alto.' })).toBeVisible();
    await teacher.getByRole('button', { name: 'Pin' }).click();
    await expect(teacher.getByRole('button', { name: 'Unpin' })).toBeVisible();
    await expect(teacher.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(discussionLink(teacher)).toHaveAccessibleName('Discussion');

    // The student was told by e-mail, and sees the count, the pin and the answer.
    // (The outbox reader does not decode encoded subjects; the link is what the reply e-mail alone carries.)
    const threadLink = `${server.url}${new URL(page.url()).pathname}`;
    const mail = await server.mailTo(DEMO.student, (m) => m.link === threadLink);
    expect(mail.link).toBe(threadLink);

    // Away from the thread (reopening it would mark it read), then a fresh look at the course.
    await courseMenu(page).getByRole('link', { name: 'Course Information' }).click();
    await expect(page).toHaveURL(/\/student\/course\/\d+\/info$/);
    await page.reload();
    await expect(discussionLink(page)).toHaveAccessibleName('Discussion Unread threads: 1');
    await discussionLink(page).click();
    const pinned = page.getByRole('listitem').filter({ hasText: title });
    await expect(pinned.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(pinned.getByText('New', { exact: true })).toBeVisible();
    await expect(pinned.getByText('1 reply')).toBeVisible();
    await pinned.getByRole('link', { name: title }).click();
    const answer = page.getByRole('listitem').filter({ hasText: 'Revoice the alto.' });
    await expect(answer).toContainText('Yes: parallel fifths.');
    await expect(answer.getByText('Instructor', { exact: true })).toBeVisible();
    await expect(page.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pin' })).toHaveCount(0);
    await expect(discussionLink(page)).toHaveAccessibleName('Discussion');

    await teacher.context().close();
  });
});
