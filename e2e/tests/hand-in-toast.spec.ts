import type { Locator, Page } from '@playwright/test';
import { apiAs, DEMO, expect, type Server, signInThroughForm, test } from '../fixtures.ts';

/*
 * On a phone the sticky symbols bar never covers the top staff of the chord being answered, and
 * the hand-in's success toast covers neither the Submit bar nor the result card (issue 38): toasts
 * rise above what is in the lower part of the window as it is on screen, not as if the Submit bar
 * were always at the bottom. English at 1280 px, 简体中文 at 375 px.
 */

const COURSE = 'Music Theory I';
const TITLE = 'Toast Phrase';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function exercise(server: Server): Promise<{ courseId: number; documentId: number }> {
  const teacher = await apiAs(server, DEMO.instructor);
  const user = await teacher.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const course = user.course_instructors.find((c) => c.title === COURSE);
  if (!course) throw new Error(`${COURSE} is not the instructor's`);
  const now = Math.floor(Date.now() / 1000);
  const set = await teacher.post<{ id: number }>(`/api/courses/${course.id}/assignments`, {
    title: 'Toasts',
    released_at: now - 60,
    due_at: now + 7 * 86400,
  });
  const library = await teacher.get<{ documents: { id: number; title: string }[] }[]>('/api/content-library');
  const phrase = library.flatMap((s) => s.documents).find((d) => d.title === 'Major Phrase 1 (C major)');
  if (!phrase) throw new Error('no library phrase');
  const [doc] = await teacher.post<{ id: number }[]>(`/api/assignments/${set.id}/documents`, { document_ids: [phrase.id] });
  if (!doc) throw new Error('not added');
  await teacher.put(`/api/documents/${doc.id}`, { title: TITLE, multiple_submissions: true });
  await teacher.dispose();
  return { courseId: course.id, documentId: doc.id };
}

async function handInAndLook(page: Page, shot: string, submitName: RegExp, confirmName: string) {
  await page.getByRole('textbox', { name: /^(Chord|和弦) 1$/ }).fill('I');
  const bar: Locator = page.locator('[data-sticky-actions]');
  await bar.getByRole('button', { name: submitName }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmName }).click();
  const toast = page.getByRole('status').filter({ has: page.locator('[class*="message"]') });
  await expect(toast).toBeVisible();
  const card = page.locator('[data-toast-clear]').first();
  await expect(card).toBeVisible();
  // Let the toast's slide-in end, then compare where each is on screen.
  await page.waitForTimeout(400);
  const [t, b, c] = [await toast.boundingBox(), await bar.boundingBox(), await card.boundingBox()];
  if (!t || !b || !c) throw new Error('not on screen');
  await page.screenshot({ path: test.info().outputPath(shot) });
  expect(overlaps(t, b), `toast ${JSON.stringify(t)} over the Submit bar ${JSON.stringify(b)}`).toBe(false);
  expect(overlaps(t, c), `toast ${JSON.stringify(t)} over the result card ${JSON.stringify(c)}`).toBe(false);
}

test('the hand-in toast covers neither the Submit bar nor the result card, at 1280 px (en) and 375 px (简体中文)', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { courseId, documentId } = await exercise(server);
  for (const [language, viewport] of [
    ['en', { width: 1280, height: 800 }],
    ['zh-hans', { width: 375, height: 740 }],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await signInThroughForm(page, DEMO.student);
    await expect(page).not.toHaveURL(/\/sign-in/);
    if (language !== 'en') await context.addCookies([{ name: 'locale', value: language, url: server.url }]);
    await page.goto(`/student/course/${courseId}/document/${documentId}`);
    await expect(page.getByRole('textbox', { name: /^(Chord|和弦) 1$/ })).toBeEditable({ timeout: 30_000 });
    if (language === 'en') await handInAndLook(page, 'toast-en-1280.png', /^Submit/, 'Submit');
    else await handInAndLook(page, 'toast-zh-hans-375.png', /^(提交|再次提交)/, '提交');
    await context.close();
  }
});

test('on a phone (简体中文) the top staff of each chord answered is visible, not under the symbols bar', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  const { courseId, documentId } = await exercise(server);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInThroughForm(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await context.addCookies([{ name: 'locale', value: 'zh-hans', url: server.url }]);
  await page.goto(`/student/course/${courseId}/document/${documentId}`);
  const chord = (n: number) => page.getByRole('textbox', { name: `和弦 ${n}`, exact: true });
  await expect(chord(1)).toBeEditable({ timeout: 30_000 });
  const count = await page.getByRole('textbox', { name: /^和弦 \d+$/ }).count();
  expect(count).toBeGreaterThan(3);
  for (let n = 1; n <= count; n += 1) {
    if (n > 1) await page.keyboard.press('Tab');
    await expect(chord(n)).toBeFocused();
    // The browser's scroll to the field, then the workspace's to its staff (next frame).
    await page.waitForTimeout(150);
    const seen = await chord(n).evaluate((input) => {
      const system = input.closest('[data-system]');
      const staff = system?.querySelector('g.staff');
      if (!system || !staff) return 'no staff';
      const line = staff.getBoundingClientRect();
      const hit = input.ownerDocument.elementFromPoint(line.left + line.width / 2, line.top + 1);
      return hit !== null && system.contains(hit) ? 'staff' : `covered by ${hit?.closest('[class]')?.className ?? hit?.tagName}`;
    });
    expect(seen, `chord ${n}`).toBe('staff');
    if (n === 4) await page.screenshot({ path: testInfo.outputPath('phone-staff-zh-hans-375.png') });
  }
  await context.close();
});
