import fs from 'node:fs';
import { readHar, writeHar } from '@app/har/format';
import type { Locator, Page } from '@playwright/test';
import { apiAs, DEMO, expect, signedInElsewhere, test } from '../fixtures.ts';

const signedIn = signedInElsewhere;

const COURSE = 'Music Theory I';
const STUDENT = { first: 'Fanny', last: 'Mendelssohn' };
const STUDENT_ROW = `${STUDENT.last}, ${STUDENT.first}`;

type SubmissionData = { id: number; points: number; max_points: number; percent: number; grade: string; number: number };

/** The grade book's scroll area, scrolled to its right end so the newest set's columns are drawn. */
async function showLastColumns(page: Page) {
  const grid = page.getByRole('table', { name: /Grade book/ });
  await expect(grid).toBeVisible();
  await grid.locator('xpath=..').evaluate((scroller: { scrollLeft: number; scrollWidth: number }) => {
    scroller.scrollLeft = scroller.scrollWidth;
  });
  return grid;
}

/** A percent as the grade book writes it in English: at most one decimal. */
const percent = (s: SubmissionData) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(s.percent / 100);

/** Text as a regular expression that matches it literally (titles hold parentheses). */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const cell = (scope: Page | Locator, documentTitle: string, number: number, grade: string) =>
  scope.getByRole('link', { name: `${STUDENT_ROW} — ${documentTitle}, Submission #${number}: ${grade}`, exact: true });

test.describe('grade books and the submission view', () => {
  let courseId: number;
  let setTitle: string;
  let documentTitle: string;
  let first: SubmissionData;
  let second: SubmissionData;
  let setId: number;

  // The demo student hands in two answer files for a document of a new set, through the API,
  // as the exercise application does: the key comes from the document they downloaded.
  // Other journeys on this server count the demo course's sets: leave it as it was.
  test.afterAll(async ({ server }) => {
    const instructor = await apiAs(server, DEMO.instructor);
    await instructor.delete(`/api/assignments/${setId}`);
    await instructor.dispose();
  });

  test.beforeAll(async ({ server }) => {
    const instructor = await apiAs(server, DEMO.instructor);
    const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
    const course = user.course_instructors.find((c) => c.title === COURSE);
    if (!course) throw new Error(`${COURSE} is not the instructor's`);
    courseId = course.id;
    const now = Math.floor(Date.now() / 1000);
    setTitle = `Grade book journey ${now.toString(36)}`;
    const set = await instructor.post<{ id: number }>(`/api/courses/${courseId}/assignments`, {
      title: setTitle,
      released_at: now - 3600,
      due_at: now + 7 * 86400,
    });
    setId = set.id;
    const library = await instructor.get<{ documents: { id: number }[] }[]>('/api/content-library');
    const pick = library.flatMap((s) => s.documents)[0];
    if (!pick) throw new Error('the content library is empty');
    const [doc] = await instructor.post<{ id: number; title: string; doc_key: string }[]>(`/api/assignments/${set.id}/documents`, {
      document_ids: [pick.id],
    });
    if (!doc) throw new Error('no document was added');
    // Its own title: the demo sets hold the same library document.
    documentTitle = `Cadence drill ${now.toString(36)}`;
    await instructor.put(`/api/documents/${doc.id}`, { title: documentTitle, multiple_submissions: true });
    // The key comes from the instructor's copy: a student's copy has none.
    const { url } = await instructor.get<{ url: string }>(`/api/documents/${doc.id}/file-url`);
    const exercise = readHar(new Uint8Array(await instructor.bytes(url)));
    await instructor.dispose();

    const student = await apiAs(server, DEMO.student);
    const items = exercise.key?.items ?? [];
    expect(items.length).toBeGreaterThan(2);
    const answerFile = (wrong: number) =>
      writeHar({
        manifest: { ...exercise.manifest, kind: 'submission', document_key: doc.doc_key },
        score: exercise.score,
        answers: { items: items.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') })) },
      });
    first = await student.upload<SubmissionData>(`/api/documents/${doc.id}/submissions`, 'answers.har', answerFile(2));
    second = await student.upload<SubmissionData>(`/api/documents/${doc.id}/submissions`, 'answers.har', answerFile(1));
    await student.dispose();
    expect(second.points).toBeGreaterThan(first.points);
  });

  test("the submission shows in all three of the instructor's views, and the CSV downloads", async ({ page, login }) => {
    const score = (s: SubmissionData) => `${s.points} / ${s.max_points}`;
    await login('instructor');
    await page.getByRole('button', { name: `Actions for ${COURSE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Grade Book' }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/grade-book$`));
    await expect(page.getByRole('heading', { name: 'Grade Book', level: 1 })).toBeVisible();

    // Overview: the highest submission, then the other views of it.
    let grid = await showLastColumns(page);
    await expect(cell(grid, documentTitle, 2, score(second))).toBeVisible();
    await page.getByRole('radio', { name: 'Percent' }).click();
    await expect(cell(await showLastColumns(page), documentTitle, 2, percent(second))).toBeVisible();
    await page.getByRole('radio', { name: 'Letter grade' }).click();
    await expect(cell(await showLastColumns(page), documentTitle, 2, second.grade)).toBeVisible();
    await page.getByRole('radio', { name: 'Score' }).click();
    await expect(page.getByRole('radio', { name: 'Score' })).toBeChecked();

    // All submissions of the set, by points, descending.
    grid = await showLastColumns(page);
    await grid.getByRole('combobox', { name: `Submissions shown for ${setTitle}` }).selectOption('all');
    grid = await showLastColumns(page);
    const both = grid.getByRole('link', { name: literally(`${STUDENT_ROW} — ${documentTitle}, Submission #`) });
    await expect(both).toHaveText([score(second), score(first)]);

    // The CSV, built in the browser.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('gradebook_data.csv');
    const csv = fs
      .readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    expect(header.slice(0, 3)).toEqual(['Last name', 'First name', 'Email']);
    expect(header).toContain(`${setTitle} - ${documentTitle}`);
    const row = csv.find((line) => line.startsWith(`${STUDENT.last},${STUDENT.first},${DEMO.student},`))?.split(',') ?? [];
    expect(row[header.indexOf(`${setTitle} - ${documentTitle}`)]).toBe(`${score(second)}; ${score(first)}`);
    // One line per student of the course (the demo class, and whoever other journeys added).
    expect(csv.filter((line) => line.length > 0).length).toBeGreaterThanOrEqual(1 + 9);

    // By assignment: the set's own grid.
    await page.getByRole('link', { name: 'By Assignment' }).click();
    await page.getByLabel('Assignment set', { exact: true }).selectOption({ label: setTitle });
    await expect(cell(page, documentTitle, 2, score(second))).toBeVisible();
    await expect(cell(page, documentTitle, 1, score(first))).toBeVisible();
    await expect(page.getByText(/^1 of \d+ students have handed in work for this set\.$/)).toBeVisible();

    // By student: one student's grade book.
    await page.getByRole('link', { name: 'By Student' }).click();
    await page.getByLabel('Student', { exact: true }).selectOption({ label: STUDENT_ROW });
    const section = page.getByRole('region', { name: setTitle });
    await expect(section.getByRole('row', { name: literally(documentTitle) }).first()).toContainText(score(second));
    await expect(section.getByRole('link', { name: `View ${documentTitle}, Submission #2` })).toBeVisible();
  });

  test('the submission view moves between submissions, opens the report, and removes one', async ({ page, login }) => {
    await login('instructor');
    await page.goto(`/course/${courseId}/grade-book/assignment`);
    await page.getByLabel('Assignment set', { exact: true }).selectOption({ label: setTitle });
    await cell(page, documentTitle, 2, `${second.points} / ${second.max_points}`).click();
    await expect(page.getByRole('heading', { name: `Submissions for ${documentTitle} by Fanny Mendelssohn`, level: 1 })).toBeVisible();
    const facts = (name: string) => page.locator(`[data-fact="${name}"] dd`);
    await expect(facts('score')).toHaveText(`${second.points} / ${second.max_points}`);
    await expect(facts('grade')).toHaveText(second.grade);
    await expect(page.getByRole('link', { name: 'Download HAR File' })).toBeVisible();

    // 'Submission #n' navigates.
    await page.getByLabel('Submission', { exact: true }).selectOption({ label: 'Submission #1' });
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/submission/${first.id}$`));
    await expect(facts('score')).toHaveText(`${first.points} / ${first.max_points}`);
    await expect(facts('percent')).toHaveText(percent(first));

    // The image and the report are drawn when the page first asks for their links (decision 042).
    await expect(page.getByRole('img', { name: `${documentTitle} with the submitted labels marked right or wrong` })).toBeVisible({
      timeout: 30_000,
    });
    const report = page.getByRole('button', { name: 'View Grade Report' });
    await expect(report).toBeEnabled({ timeout: 30_000 });
    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Grade Report' });
    const frame = dialog.frameLocator('iframe');
    await expect(frame.getByText(documentTitle).first()).toBeVisible();
    await expect(frame.getByText('Fanny Mendelssohn').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // Removal, for instructors, after a confirmation; the other submission remains.
    await page.getByRole('button', { name: 'Remove Submission' }).click();
    await page.getByRole('dialog', { name: 'Remove Submission' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Submission removed.' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/submission/${second.id}$`));
    // Numbers count the submissions that remain.
    await expect(page.getByLabel('Submission', { exact: true }).locator('option')).toHaveText(['Submission #1']);
    await expect(facts('score')).toHaveText(`${second.points} / ${second.max_points}`);
  });

  test("the student sees the best submission in their grade book, without the instructor's controls", async ({ browser, server }) => {
    const page = await signedIn(browser, server, DEMO.student);
    await page.getByRole('link', { name: COURSE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${courseId}$`));
    await expect(page.getByRole('heading', { name: 'Grade Book', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: setTitle });
    const row = section.getByRole('row', { name: literally(documentTitle) });
    await expect(row).toContainText(`${second.points} / ${second.max_points}`);
    await expect(row).toContainText(second.grade);
    await row.getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${courseId}/submission/${second.id}$`));
    await expect(page.getByRole('heading', { name: `Submissions for ${documentTitle} by Fanny Mendelssohn` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Grade Report' })).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Download HAR File' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Submission' })).toHaveCount(0);

    // QA2-5: the report follows the language chosen in the header (the profile's stays English),
    // and its table fits the dialog on a phone.
    await page.getByRole('banner').getByLabel('Language').selectOption({ label: '한국어' });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.getByRole('button', { name: '성적 보고서 보기' }).click();
      const dialog = page.getByRole('dialog', { name: '성적 보고서' });
      const frame = dialog.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: '성적 보고서', level: 1 })).toBeVisible();
      await expect(frame.getByRole('columnheader', { name: '마디, 박' })).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Grade Report' })).toBeHidden();
      const table = await frame.locator('section[data-report-language="ko"] table').boundingBox();
      const box = await dialog.locator('iframe').boundingBox();
      expect((table?.x ?? 0) + (table?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      await page.screenshot({ path: `/tmp/qa2-5-report-ko-${width}.png` });
      await dialog.getByRole('button', { name: '닫기' }).last().click();
    }
    await page.context().close();
  });

  test('a TA sees the grades but cannot remove submissions', async ({ browser, server }) => {
    const page = await signedIn(browser, server, DEMO.ta);
    await page.getByRole('button', { name: `Actions for ${COURSE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Grade Book' }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/grade-book$`));
    await page.getByRole('link', { name: 'By Student' }).click();
    await page.getByLabel('Student', { exact: true }).selectOption({ label: STUDENT_ROW });
    const section = page.getByRole('region', { name: setTitle });
    await expect(section.getByRole('row', { name: literally(documentTitle) }).first()).toContainText(
      `${second.points} / ${second.max_points}`,
    );
    await expect(page.getByRole('button', { name: /^Remove all/ })).toHaveCount(0);
    await section.getByRole('link', { name: /^View/ }).first().click();
    await expect(page.getByRole('heading', { name: `Submissions for ${documentTitle} by Fanny Mendelssohn` })).toBeVisible();
    await expect(page.locator('[data-fact="score"] dd')).toHaveText(`${second.points} / ${second.max_points}`);
    await expect(page.getByRole('link', { name: 'Download HAR File' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Submission' })).toHaveCount(0);
    await page.context().close();
  });
});
