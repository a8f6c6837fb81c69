import type { Locator, Page } from '@playwright/test';
import { apiAs, DEMO, expect, type Server, signInThroughForm, test } from '../fixtures.ts';

/*
 * The hand-in's success toast covers neither the Submit bar nor the result card (issue 38): toasts
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
