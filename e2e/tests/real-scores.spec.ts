import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { apiAs, DEMO, expect, instructorInNewSet, releaseSet, type Server, signedInElsewhere, test } from '../fixtures.ts';

/*
 * Real scores (issue 24): the longest chorale of the shared corpus (it opens with a pickup) laid
 * out as a page in Create Exercise, Edit Key and the student's workspace, at 1280×800 and 375×812:
 * no two answer fields overlap, the score needs no sideways scrolling, the workspace opens with the
 * first field focused and uncovered, and a palette click keeps it so.
 */

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/bach-chorales');
const COURSE = 'Music Theory I';
const TITLE = 'Journey Longest Chorale';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

type Manifest = { number: number; labels: number; score_file: string; first_measure: number }[];

function longestChorale() {
  const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as Manifest | { chorales: Manifest };
  const list = Array.isArray(manifest) ? manifest : manifest.chorales;
  return [...list].sort((a, b) => b.labels - a.labels)[0] as Manifest[number];
}

/** Bounding boxes of the fields a locator finds, and any two that overlap. */
async function overlaps(fields: Locator, atLeast = 50): Promise<string[]> {
  const boxes = await fields.evaluateAll((elements) =>
    elements.map((element) => {
      const r = element.getBoundingClientRect();
      return { name: element.getAttribute('aria-label') ?? element.id, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i] as (typeof boxes)[number];
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j] as (typeof boxes)[number];
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        found.push(`${a.name} / ${b.name}`);
    }
  }
  expect(boxes.length).toBeGreaterThan(atLeast);
  return found;
}

/** The little of the browser's window these checks use (the journeys' type check has no DOM types). */
type Win = {
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  document: {
    documentElement: { scrollWidth: number; clientWidth: number; scrollHeight: number };
    elementFromPoint(x: number, y: number): unknown;
    querySelectorAll(
      selector: string,
    ): ArrayLike<{ querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> }>;
  };
};

/** Whether the page scrolls sideways, and whether an element is the one at its own centre, fully in the window. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as Win).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
const scrollsInside = (box: Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);
const onTop = (field: Locator) =>
  field.evaluate((element) => {
    const w = globalThis as unknown as Win;
    const r = element.getBoundingClientRect();
    const hit = w.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === element && r.top >= 0 && r.bottom <= w.innerHeight;
  });

async function checkEditor(page: Page, dialog: Locator, name: string, shots: string) {
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(dialog.getByLabel('Answer for chord 1', { exact: true })).toBeVisible();
    // Let the layout follow the new width.
    await page.waitForTimeout(300);
    expect(await overlaps(dialog.getByRole('textbox', { name: /^Answer for chord \d+$/ }))).toEqual([]);
    expect(await scrollsInside(dialog.getByRole('group', { name: 'Chords of the score' }))).toBeLessThanOrEqual(0);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(WIDE);
}

async function checkWorkspace(
  browser: Browser,
  server: Server,
  url: string,
  viewport: { width: number; height: number },
  shots: string,
  firstMeasure: number,
) {
  const student = await signedInElsewhere(browser, server, DEMO.student, viewport);
  await student.goto(url);
  const first = student.getByRole('textbox', { name: 'Chord 1', exact: true });
  await expect(first).toBeFocused({ timeout: 30_000 });
  // Chord 1 is where the score puts it: the pickup the score numbers 0, on the beat it falls on (not 'Measure 1, beat 1').
  await expect(first).toHaveAccessibleDescription(new RegExp(`^Measure ${firstMeasure}, beat ${firstMeasure === 0 ? '[2-9]' : '1'}\\b`));
  // Focused, fully in the window and not under the header or the submit bar.
  await expect.poll(() => onTop(first)).toBe(true);
  // Only the systems near the window are drawn with their fields (decision 049): fewer than all, none overlapping.
  const fields = student.getByRole('textbox', { name: /^Chord \d+$/ });
  expect(await overlaps(fields, 10)).toEqual([]);
  const total = Number(/of (\d+) chords answered/.exec((await student.getByText(/of \d+ chords answered/).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(250);
  expect(await fields.count()).toBeLessThan(total);
  expect(await sidewaysScroll(student)).toBeLessThanOrEqual(0);
  await student.screenshot({ path: path.join(shots, `workspace-${viewport.width}.png`) });

  // Type into chord 2 after tabbing to it; a palette symbol goes into it and it stays in view.
  await student.keyboard.press('Tab');
  const second = student.getByRole('textbox', { name: 'Chord 2', exact: true });
  await expect(second).toBeFocused();
  await expect.poll(() => onTop(second)).toBe(true);
  await second.pressSequentially('V');
  // Where the field is on the screen: a palette click must not move it (the page may grow above it,
  // e.g. the save status, and the browser then keeps it in place by scrolling as much).
  const before = (await second.boundingBox())?.y;
  // Clicked where it is, as a person would (a locator's click would first scroll it into view itself).
  const six = await student.getByRole('button', { name: 'Insert figure 6', exact: true }).boundingBox();
  if (!six) throw new Error('the palette is not shown');
  await student.mouse.click(six.x + six.width / 2, six.y + six.height / 2);
  await expect(second).toHaveValue('V6');
  await expect(second).toBeFocused();
  expect(Math.abs(((await second.boundingBox())?.y ?? 0) - (before ?? 0))).toBeLessThanOrEqual(1);
  await expect.poll(() => onTop(second)).toBe(true);

  // A label the grader cannot read says so beside the field, and in the count.
  await second.fill('Vx');
  await expect(student.getByText('Unreadable', { exact: true })).toBeVisible();
  await expect(student.getByText(/0 of \d+ chords answered, 1 not readable/)).toBeVisible();
  await student.screenshot({ path: path.join(shots, `workspace-${viewport.width}-typed.png`) });

  // Tab from the last field of the last system drawn reaches the next system's first field.
  const lastDrawn = await student.evaluate(() => {
    const systems = Array.from((globalThis as unknown as Win).document.querySelectorAll('[data-system]')).filter(
      (system) => system.querySelectorAll('[data-chord]').length > 0,
    );
    const chords = systems[systems.length - 1]?.querySelectorAll('[data-chord]');
    return Number(chords?.[chords.length - 1]?.getAttribute('data-chord'));
  });
  expect(lastDrawn).toBeLessThan(total);
  await student.getByRole('textbox', { name: `Chord ${lastDrawn}`, exact: true }).focus();
  await student.keyboard.press('Tab');
  const next = student.getByRole('textbox', { name: `Chord ${lastDrawn + 1}`, exact: true });
  await expect(next).toBeFocused();
  await expect.poll(() => onTop(next)).toBe(true);

  // The last chord, at the end of the page, is drawn once scrolled to, answered, saved and there again on a new open.
  await student.evaluate(() => {
    const w = globalThis as unknown as Win;
    w.scrollTo(0, w.document.documentElement.scrollHeight);
  });
  const last = student.getByRole('textbox', { name: `Chord ${total}`, exact: true });
  await last.click();
  const saved = student.waitForResponse((response) => /\/draft$/.test(response.url()) && response.request().method() === 'PUT');
  await last.pressSequentially('V');
  await expect(last).toHaveValue('V');
  await expect(student.getByText(`1 of ${total} chords answered, 1 not readable`)).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await student.screenshot({ path: path.join(shots, `workspace-${viewport.width}-last-chord.png`) });
  await student.reload();
  await expect(first).toBeFocused({ timeout: 30_000 });
  await student.evaluate(() => {
    const w = globalThis as unknown as Win;
    w.scrollTo(0, w.document.documentElement.scrollHeight);
  });
  await expect(last).toHaveValue('V');
  const cleared = student.waitForResponse((response) => /\/draft$/.test(response.url()) && response.request().method() === 'PUT');
  await last.fill('');
  expect((await cleared).ok()).toBe(true);
  await student.context().close();
}

test('the longest chorale is laid out as a page in Create Exercise, Edit Key and the workspace, on a laptop and a phone', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(300_000);
  const chorale = longestChorale();
  const shots = testInfo.outputPath();
  fs.mkdirSync(shots, { recursive: true });

  const teacher = await instructorInNewSet(browser, server, COURSE);
  // A new set is a draft until released (decision 054).
  await releaseSet(teacher);
  const setUrl = teacher.url();
  const [, courseId, setId] = /\/(\d+)\/assignment\/(\d+)/.exec(setUrl) ?? [];
  await teacher.setViewportSize(WIDE);
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(path.join(CORPUS, chorale.score_file));
  await expect(dialog.getByLabel('Answer for chord 1', { exact: true })).toBeVisible({ timeout: 60_000 });
  await checkEditor(teacher, dialog, 'create-exercise', shots);
  await teacher.context().close();

  // The exercise is saved as Save Exercise saves it (every chord keyed 'I'), through the API.
  const api = await apiAs(server, DEMO.instructor);
  const draft = await api.upload<{ id: number; positions: { id: string }[] }>(
    `/api/exercise-drafts?course_id=${courseId}`,
    chorale.score_file,
    new Uint8Array(fs.readFileSync(path.join(CORPUS, chorale.score_file))),
  );
  await api.post(`/api/exercise-drafts/${draft.id}/exercise`, {
    title: TITLE,
    items: draft.positions.map((p) => ({ id: p.id, answers: ['I'], points: 1 })),
    assignment_set_id: Number(setId),
  });
  await api.dispose();

  const editor = await signedInElsewhere(browser, server, DEMO.instructor, WIDE);
  await editor.goto(setUrl);
  await editor.getByRole('button', { name: new RegExp(`^Edit the (key|answers) of ${TITLE}$`, 'i') }).click();
  const keyDialog = editor.getByRole('dialog', { name: new RegExp(`^Edit (Key|Answers): ${TITLE}$`) });
  await expect(keyDialog.getByLabel('Answer for chord 1', { exact: true })).toBeVisible({ timeout: 60_000 });
  await checkEditor(editor, keyDialog, 'edit-key', shots);
  await editor.context().close();

  // The student's workspace, at both sizes.
  const student = await signedInElsewhere(browser, server, DEMO.student, WIDE);
  await student.getByRole('link', { name: COURSE, exact: true }).click();
  await student.waitForURL(/\/student\/course\/\d+/);
  await student.goto(`/student/course/${courseId}/assignments`);
  await student.getByRole('link', { name: `Open ${TITLE}` }).click();
  await expect(student.getByRole('textbox', { name: 'Chord 1', exact: true })).toBeVisible({ timeout: 60_000 });
  const url = student.url();
  await student.context().close();
  await checkWorkspace(browser, server, url, WIDE, shots, chorale.first_measure);
  await checkWorkspace(browser, server, url, PHONE, shots, chorale.first_measure);
});
