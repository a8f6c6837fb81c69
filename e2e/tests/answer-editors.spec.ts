import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, instructorInNewSet, test } from '../fixtures.ts';

/*
 * The answer editors on a real chorale (issue 24): Create Exercise and Edit Answers with an
 * 80-chord Bach chorale that opens with a pickup. Each chord's answer, points, Suggested and Skip
 * are one group one field wide (points and Skip in the chord's popover), no two groups overlap at
 * 1280 and 375 px, the first chord names the score's own measure, and leaving with unsaved
 * changes (Escape, ×, Cancel, Close, the browser's back) asks first.
 */

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/bach-chorales');
const COURSE = 'Music Theory I';
const TITLE = 'Journey Chorale with a pickup';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.E2E_SHOTS ?? '';

type Chorale = { number: number; labels: number; score_file: string; first_measure: number };

/** An odd-numbered chorale of about 80 chords that opens with a pickup numbered 0. */
function choraleWithPickup(): Chorale {
  const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as Chorale[] | { chorales: Chorale[] };
  const list = Array.isArray(manifest) ? manifest : manifest.chorales;
  const fits = list.filter((c) => c.first_measure === 0 && c.labels >= 75 && c.labels <= 90).sort((a, b) => a.labels - b.labels);
  const chosen = fits[0];
  if (!chosen) throw new Error('no chorale of about 80 chords with a pickup in the corpus');
  return chosen;
}

/** Bounding boxes of every chord's group (its answer and its details button), and the pairs of groups that overlap. */
async function overlappingGroups(dialog: Locator): Promise<string[]> {
  const boxes = await dialog.getByRole('textbox', { name: /^Answer for chord \d+$/ }).evaluateAll((inputs) =>
    inputs.map((input) => {
      const r = (input.parentElement ?? input).getBoundingClientRect();
      return { name: input.getAttribute('aria-label') ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(60);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i] as (typeof boxes)[number];
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j] as (typeof boxes)[number];
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        found.push(`${a.name} / ${b.name}`);
    }
  }
  return found;
}

async function shot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  const file = SHOTS ? path.join(SHOTS, name) : testInfo.outputPath(name);
  await page.screenshot({ path: file });
}

test('the answer editors hold an 80-chord chorale as compact groups and ask before unsaved changes are lost', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(240_000);
  const chorale = choraleWithPickup();
  const teacher = await instructorInNewSet(browser, server, COURSE);
  await teacher.setViewportSize(WIDE);
  const setUrl = teacher.url();

  // Create Exercise with the chorale.
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(path.join(CORPUS, chorale.score_file));
  const first = dialog.getByLabel('Answer for chord 1', { exact: true });
  await expect(first).toBeVisible({ timeout: 60_000 });

  // Each chord's group names its measure and beat as the score prints them: chord 1 is the pickup.
  const details = (n: number) => dialog.getByRole('button', { name: new RegExp(`points and options of chord ${n}, `) });
  const pickup = new RegExp(`^Measure ${chorale.first_measure}, beat [2-4]$`);
  await expect(first).toHaveAttribute('title', pickup);
  await expect(details(1)).toHaveAccessibleName(
    new RegExp(`^\\d+ pt, points and options of chord 1, Measure ${chorale.first_measure}, beat [2-4]$`),
  );
  for (const viewport of [WIDE, PHONE]) {
    await teacher.setViewportSize(viewport);
    await teacher.waitForTimeout(300);
    expect(await overlappingGroups(dialog)).toEqual([]);
    await first.scrollIntoViewIfNeeded();
    await shot(teacher, `create-exercise-${viewport.width}.png`, testInfo);
  }
  await teacher.setViewportSize(WIDE);

  // Points and Skip are in chord 1's popover; Escape closes the popover, not the editor.
  await details(1).click();
  const points = teacher.getByLabel('Points for chord 1', { exact: true });
  await expect(points).toBeVisible();
  await expect(teacher.getByRole('checkbox', { name: 'Skip chord 1' })).toBeVisible();
  await points.fill('3');
  await shot(teacher, 'create-exercise-popover.png', testInfo);
  await teacher.keyboard.press('Escape');
  await expect(points).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(details(1)).toHaveText(/3 pt/);

  // Escape, × and Cancel ask before the uploaded chorale is thrown away.
  const question = teacher.getByRole('dialog', { name: 'Leave without saving?' });
  await first.focus();
  await teacher.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await shot(teacher, 'create-exercise-leave.png', testInfo);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(details(1)).toHaveText(/3 pt/);

  // The browser's back asks too, and staying keeps the page and the work.
  await teacher.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  expect(teacher.url()).toBe(setUrl);
  await expect(details(1)).toHaveText(/3 pt/);

  // Saved, it leaves without a question.
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(teacher.getByText('Exercise saved!')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  // Edit Answers (no longer 'Edit Key'): the same groups, without Skip; a change asks before Close throws it away.
  await teacher.getByRole('button', { name: `Edit the answers of ${TITLE}` }).click();
  const editor = teacher.getByRole('dialog', { name: `Edit Answers: ${TITLE}` });
  const answer = editor.getByLabel('Answer for chord 1', { exact: true });
  await expect(answer).toBeVisible({ timeout: 60_000 });
  for (const viewport of [WIDE, PHONE]) {
    await teacher.setViewportSize(viewport);
    await teacher.waitForTimeout(300);
    expect(await overlappingGroups(editor)).toEqual([]);
    await answer.scrollIntoViewIfNeeded();
    await shot(teacher, `edit-answers-${viewport.width}.png`, testInfo);
  }
  await teacher.setViewportSize(WIDE);
  // Nothing changed yet: Close leaves at once.
  await editor.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(editor).toBeHidden();
  await expect(question).toBeHidden();

  await teacher.getByRole('button', { name: `Edit the answers of ${TITLE}` }).click();
  await expect(answer).toBeVisible({ timeout: 60_000 });
  await editor.getByRole('button', { name: /points and options of chord 1, / }).click();
  await expect(teacher.getByRole('checkbox', { name: 'Skip chord 1' })).toHaveCount(0);
  await teacher.keyboard.press('Escape');
  await answer.fill('V');
  await editor.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(answer).toHaveValue('V');
  await answer.focus();
  await teacher.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(editor).toBeHidden();
  await teacher.context().close();
});
