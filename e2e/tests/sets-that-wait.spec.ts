import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, instructorInNewSet, type Server, signInThroughForm, test } from '../fixtures.ts';

/*
 * Sets that wait (issue 38, decision 054): "New Assignment Set" makes a draft; the set editor says
 * when students will see it; the student sees nothing of it on the course's assignments page until
 * the instructor releases it (by id, due soon, the grade book: the API tests). Instructor in English at 1280
 * and 375 px, student in 简体中文 at 375 and 1280 px.
 */

const COURSE = 'Music Theory I';
const SET = 'Week 3: waiting set';
const EXERCISE = 'Waiting Phrase';

async function studentIn(browser: Browser, server: Server, language: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInThroughForm(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await context.addCookies([{ name: 'locale', value: language, url: server.url }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}$`, 'i'));
  return page;
}

test('a new set waits as a draft until the instructor releases it; the student sees nothing of it before', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  const teacher = await instructorInNewSet(browser, server, COURSE);
  const courseId = Number(/\/course\/(\d+)\/assignment\/\d+/.exec(teacher.url())?.[1]);
  const visibility = teacher.getByTestId('set-visibility');
  await expect(visibility).toHaveText('Draft: students see nothing of this set. Once you release it, they see it at once.');
  const title = teacher.getByLabel('Title', { exact: true });
  await title.fill(SET);
  await title.press('Enter');
  await expect(title).toHaveValue(SET);
  await teacher.getByRole('button', { name: 'Add from Library' }).click();
  const library = teacher.getByRole('dialog', { name: 'Add from Library' });
  await library.getByRole('searchbox').fill('minor phrase 1');
  await library.getByRole('checkbox', { name: 'Minor Phrase 1 (A minor)', exact: true }).check();
  await library.getByRole('button', { name: 'Add Documents' }).click();
  await expect(library).toBeHidden();
  const documentTitle = teacher.getByRole('textbox', { name: 'Document title' }).last();
  await documentTitle.fill(EXERCISE);
  await documentTitle.press('Enter');
  await expect(teacher.getByRole('article', { name: EXERCISE })).toBeVisible();
  await visibility.scrollIntoViewIfNeeded();
  await teacher.screenshot({ path: testInfo.outputPath('draft-editor-en-1280.png') });
  await teacher.setViewportSize({ width: 375, height: 800 });
  await visibility.scrollIntoViewIfNeeded();
  await expect(teacher.getByRole('button', { name: 'Release to students' })).toBeInViewport();
  await teacher.screenshot({ path: testInfo.outputPath('draft-editor-en-375.png') });

  // The student (简体中文, phone): nothing of it on the course's assignments page (by id: the API tests).
  const student = await studentIn(browser, server, 'zh-hans', { width: 375, height: 800 });
  await student.goto(`/student/course/${courseId}/assignments`);
  await expect(student.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(student.getByRole('heading', { name: SET })).toHaveCount(0);
  await expect(student.getByText(EXERCISE)).toHaveCount(0);
  await student.screenshot({ path: testInfo.outputPath('draft-student-zh-hans-375.png'), fullPage: true });

  // Released: the editor says so, and the student sees the set and opens its exercise.
  await teacher.getByRole('button', { name: 'Release to students' }).click();
  await expect(visibility).toHaveText(/^Students see this set \(since .+\)\.$/);
  await expect(teacher.getByRole('button', { name: 'Make it a draft again' })).toBeVisible();
  await teacher.screenshot({ path: testInfo.outputPath('released-editor-en-375.png') });
  await student.reload();
  await expect(student.getByRole('heading', { name: SET })).toBeVisible();
  await student.screenshot({ path: testInfo.outputPath('released-student-zh-hans-375.png'), fullPage: true });
  await student.setViewportSize({ width: 1280, height: 900 });
  await expect(student.getByRole('heading', { name: SET })).toBeVisible();
  await student.screenshot({ path: testInfo.outputPath('released-student-zh-hans-1280.png') });
  await teacher.close();
  await student.close();
});
