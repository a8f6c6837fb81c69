import { readHar } from '@app/har/format';
import type { Browser, Page } from '@playwright/test';
import { apiAs, DEMO, expect, expectAccessible, type Server, signedInElsewhere, test } from '../fixtures.ts';

const signedIn = (browser: Browser, server: Server, email: string, viewport = { width: 1280, height: 800 }) =>
  signedInElsewhere(browser, server, email, viewport);

/*
 * The exercise workspace (issue 13): students do their exercises in the browser. The demo course
 * 'Music Theory I' has two released sets; 'Major Phrase 1 (C major)' takes several submissions and
 * 'Minor Phrase 3 (D minor)' is a practice document.
 */

const COURSE = 'Music Theory I';
const EXERCISE = 'Major Phrase 1 (C major)';
const PRACTICE = 'Minor Phrase 3 (D minor)';
const STUDENT_ROW = 'Mendelssohn, Fanny';

type DocumentRef = { id: number; title: string };
/** What the journeys read of the page itself (the e2e project has no DOM types). */
type PageGlobals = { document: { querySelector(selector: string): unknown } };
type SetRef = { id: number; title: string; documents: DocumentRef[] };

/** The instructor's view of the demo course: its id, its sets, and the answer key of a document (instructors keep the full file). */
async function demoCourse(server: Server) {
  const instructor = await apiAs(server, DEMO.instructor);
  const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const course = user.course_instructors.find((c) => c.title === COURSE);
  if (!course) throw new Error(`${COURSE} is not the instructor's`);
  const sets = await instructor.get<SetRef[]>(`/api/courses/${course.id}/assignments`);
  const documentNamed = (title: string) => {
    const found = sets.flatMap((s) => s.documents).find((d) => d.title === title);
    if (!found) throw new Error(`no document ${title}`);
    return found;
  };
  const keyOf = async (documentId: number) => {
    const { url } = await instructor.get<{ url: string }>(`/api/documents/${documentId}/file-url`);
    const exercise = readHar(await instructor.bytes(url));
    return (exercise.key?.items ?? []).map((item) => ({ id: item.id, answer: item.answers[0] ?? '' }));
  };
  return { courseId: course.id, instructor, documentNamed, keyOf };
}

const chord = (page: Page, n: number) => page.getByRole('textbox', { name: `Chord ${n}`, exact: true });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

test.describe('the exercise workspace', () => {
  test('a student opens a demo exercise, fills every chord, reloads, submits and sees the score; the instructor sees it', async ({
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    const demo = await demoCourse(server);
    const doc = demo.documentNamed(EXERCISE);
    const key = await demo.keyOf(doc.id);
    expect(key.length).toBeGreaterThan(3);

    const page = await signedIn(browser, server, DEMO.student);
    await page.getByRole('link', { name: COURSE, exact: true }).click();
    await page
      .getByRole('navigation', { name: /course/i })
      .getByRole('link', { name: 'Assignments' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/student/course/${demo.courseId}/assignments$`));
    await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
    await expectAccessible(page);

    // Open → ready for typing, five times (the first includes loading the screen's code).
    const openTimes: number[] = [];
    for (let run = 0; run < 5; run++) {
      if (run > 0) await page.goto(`/student/course/${demo.courseId}/assignments`);
      const open = page.getByRole('link', { name: `Open ${EXERCISE}` });
      await expect(open).toBeVisible();
      const started = Date.now();
      await open.click();
      // Checked every animation frame (an expect polls too coarsely to time this).
      await page.waitForFunction(
        () => !!(globalThis as unknown as PageGlobals).document.querySelector('input[data-item]:not([readonly])'),
        undefined,
        {
          polling: 'raf',
        },
      );
      openTimes.push(Date.now() - started);
      await expect(chord(page, 1)).toBeEditable();
    }
    await expect(page.getByRole('heading', { name: EXERCISE, level: 1 })).toBeVisible();
    await expect(chord(page, 1)).toHaveAccessibleDescription('Measure 1, beat 1');

    // Every chord, typed; Enter moves on. Each autosave's round trip is timed.
    const saveTimes: number[] = [];
    page.on('requestfinished', (finished) => {
      if (finished.method() === 'PUT' && finished.url().endsWith(`/api/documents/${doc.id}/draft`)) {
        const timing = finished.timing();
        saveTimes.push(timing.responseEnd);
      }
    });
    await chord(page, 1).click();
    for (const [index, item] of key.entries()) {
      const field = chord(page, index + 1);
      await expect(field).toBeFocused();
      // A pause after each chord, as a person thinking: every answer is saved on its own.
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/documents/${doc.id}/draft`));
      // The fields start from the newest submission: replace each answer by typing it.
      await field.fill('');
      await field.pressSequentially(item.answer);
      await saved;
      await field.press('Enter');
    }
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await expect(page.getByText(`${key.length} of ${key.length} chords answered`)).toBeVisible();
    await expectAccessible(page);

    // The draft is on the server: a reload (with the local copy gone) still has every answer.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.reload();
    for (const [index, item] of key.entries()) await expect(chord(page, index + 1)).toHaveValue(item.answer);

    // Playback marks the chord that sounds; a click in a chord's column plays it and goes to its field.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(page.locator('[class*="soundingNote"]').first()).toBeAttached();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.locator('[class*="soundingNote"]')).toHaveCount(0);
    const score = await page.getByRole('img', { name: `Score of ${EXERCISE}` }).boundingBox();
    if (!score) throw new Error('the score is not shown');
    const third = await page.locator('[data-chord="3"]').boundingBox();
    if (!third) throw new Error('chord 3 has no field');
    await page.mouse.click(third.x + third.width / 2, score.y + score.height / 2);
    await expect(chord(page, 3)).toBeFocused();

    await page.getByRole('button', { name: /^Submit/ }).click();
    const result = page.getByRole('region', { name: /^Submission #\d+$/ });
    await expect(result).toBeVisible();
    await expect(result.getByTestId('submission-score')).toHaveText(`${key.length} / ${key.length}`);
    await expect(result).toContainText('100%');
    const number = Number((await result.getByRole('heading').textContent())?.replace(/\D/g, ''));
    await expect(page.getByRole('button', { name: 'Submit again' })).toBeEnabled();

    console.log(
      `[workspace figures] Open → ready for typing: median ${median(openTimes)} ms of ${openTimes.join(', ')} ms; ` +
        `autosave round trip (PUT draft): median ${median(saveTimes).toFixed(1)} ms of ${saveTimes.length} saves (${saveTimes.map((t) => t.toFixed(0)).join(', ')} ms)`,
    );
    await page.context().close();

    // The instructor finds it in the grade book, with its image.
    const teacher = await signedIn(browser, server, DEMO.instructor);
    await teacher.goto(`/course/${demo.courseId}/grade-book/student`);
    await teacher.getByLabel('Student', { exact: true }).selectOption({ label: STUDENT_ROW });
    const set = teacher.getByRole('region', { name: 'Week 1: Diatonic Harmony in Major' });
    await set.getByRole('combobox', { name: /Submissions shown for/ }).selectOption('all');
    await set.getByRole('link', { name: `View ${EXERCISE}, Submission #${number}` }).click();
    await expect(teacher.getByRole('heading', { name: `Submissions for ${EXERCISE} by Fanny Mendelssohn`, level: 1 })).toBeVisible();
    await expect(teacher.locator('[data-fact="score"] dd')).toHaveText(`${key.length} / ${key.length}`);
    await expect(teacher.getByRole('img', { name: `${EXERCISE} with the submitted labels marked right or wrong` })).toBeVisible({
      timeout: 30_000,
    });
    await teacher.context().close();
    await demo.instructor.dispose();
  });

  test('a practice document shows right and wrong per chord after submitting', async ({ browser, server }) => {
    const demo = await demoCourse(server);
    const doc = demo.documentNamed(PRACTICE);
    const key = await demo.keyOf(doc.id);
    await demo.instructor.dispose();

    const page = await signedIn(browser, server, DEMO.student);
    await page.goto(`/student/course/${demo.courseId}/assignments`);
    await page.getByRole('link', { name: `Open ${PRACTICE}` }).click();
    // The first opening of a document lays out its score (Verovio): allow for a busy machine.
    await expect(page.getByText('Practice: after you submit you see which chords are right.')).toBeVisible({ timeout: 30_000 });
    // Right answers for the odd chords, a wrong one ('N6' is no chord of this phrase) for the even ones.
    for (const [index, item] of key.entries()) await chord(page, index + 1).fill(index % 2 === 0 ? item.answer : 'N6');
    await page.getByRole('button', { name: /^Submit/ }).click();
    const result = page.getByRole('region', { name: /^Submission #\d+$/ });
    await expect(result).toContainText(`${Math.ceil(key.length / 2)} of ${key.length} chords correct`);
    for (const [index] of key.entries()) {
      await expect(chord(page, index + 1)).toHaveAccessibleDescription(new RegExp(index % 2 === 0 ? 'Correct' : 'Wrong'));
    }
    await expectAccessible(page);
    await page.context().close();
  });

  test('a timed document with a one-minute limit hands in by itself', async ({ browser, server }) => {
    test.setTimeout(150_000);
    const demo = await demoCourse(server);
    const now = Math.floor(Date.now() / 1000);
    const title = `Timed drill ${now.toString(36)}`;
    const set = await demo.instructor.post<{ id: number }>(`/api/courses/${demo.courseId}/assignments`, {
      title,
      released_at: now - 3600,
      due_at: now + 7 * 86400,
    });
    const library = await demo.instructor.get<{ documents: { id: number }[] }[]>('/api/content-library');
    const pick = library.flatMap((s) => s.documents)[0];
    if (!pick) throw new Error('the content library is empty');
    const [doc] = await demo.instructor.post<DocumentRef[]>(`/api/assignments/${set.id}/documents`, { document_ids: [pick.id] });
    if (!doc) throw new Error('no document was added');
    await demo.instructor.put(`/api/documents/${doc.id}`, { title, timed: true, timed_time_seconds: 60 });
    await demo.instructor.dispose();

    const page = await signedIn(browser, server, DEMO.student);
    await page.goto(`/student/course/${demo.courseId}/assignments`);
    const row = page.locator('li', { hasText: title });
    await expect(row.getByText('Not started')).toBeVisible();
    await page.getByRole('link', { name: `Open ${title}` }).click();
    // Opening shows the limit and a Start button; the clock starts on Start, not on opening.
    await expect(page.getByRole('heading', { name: 'Timed exercise: 1 min' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('time-left')).toHaveCount(0);
    await expect(chord(page, 1)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('timed-start.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('timed-start-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByTestId('time-left')).toContainText(/Time left\s*(1:00|0:[0-5]\d)/, { timeout: 30_000 });
    // The assignments list counts the minutes down meanwhile; back in, the clock has not restarted.
    await page.getByRole('link', { name: 'Assignments', exact: true }).first().click();
    await expect(row.getByText('In progress, 1 min left')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('timed-list.png') });
    await page.getByRole('link', { name: `Open ${title}` }).click();
    await expect(page.getByTestId('time-left')).toContainText(/Time left\s*0:[0-5]\d/, { timeout: 30_000 });
    await chord(page, 1).fill('I');
    await chord(page, 2).fill('V');
    await expect(page.getByText('One minute left. Your answers are submitted when the time runs out.').last()).toBeVisible();
    await expect(page.getByText('Time is up. Your answers were submitted.')).toBeVisible({ timeout: 80_000 });
    await expect(page.getByRole('region', { name: 'Submission #1' })).toBeVisible();
    await expect(chord(page, 1)).not.toBeEditable();
    await page.context().close();
    // Other journeys on this server count the demo course's sets: leave it as it was.
    const instructor = await apiAs(server, DEMO.instructor);
    await instructor.delete(`/api/assignments/${set.id}`);
    await instructor.dispose();
  });

  test("at 375 px the score is laid out in systems that fit, each chord's field under it, none overlapping", async ({
    browser,
    server,
  }) => {
    const page = await signedIn(browser, server, DEMO.student, { width: 375, height: 740 });
    await page.getByRole('link', { name: COURSE, exact: true }).click();
    await page.waitForURL(/\/student\/course\/\d+/);
    const courseId = Number(/\/student\/course\/(\d+)/.exec(page.url())?.[1]);
    await page.goto(`/student/course/${courseId}/assignments`);
    await page.getByRole('link', { name: `Open ${EXERCISE}` }).click();

    const first = chord(page, 1);
    await expect(first).toBeVisible({ timeout: 30_000 });
    const fields = page.getByRole('textbox', { name: /^Chord \d+$/ });
    const count = await fields.count();
    expect(count).toBeGreaterThan(3);
    // No sideways scrolling of the page at all (issue 24): the score is cut into systems that fit.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(375);
    // No two fields overlap.
    const boxes = await fields.evaluateAll((inputs) =>
      inputs.map((input) => {
        const r = input.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        expect(overlap).toBe(false);
      }
    }

    // Focusing the last chord highlights its notes; what is typed there is saved.
    const last = chord(page, count);
    await last.focus();
    await expect(page.locator('[class*="activeNote"]').first()).toBeAttached();
    await last.fill('V7/V');
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await expectAccessible(page);
    await page.context().close();
  });
});
