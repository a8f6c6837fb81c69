import path from 'node:path';
import type { Browser, Locator } from '@playwright/test';
import { DEMO, expect, instructorInNewSet, releaseSet, type Server, signedInElsewhere, test } from '../fixtures.ts';

/*
 * Keys that change (issue 25, decision 031): an instructor makes an exercise from a modulating
 * chorale of the shared corpus (no. 5, 'An Wasserflüssen Babylon': G major, through C and D and
 * back). The suggestions name the key changes and pivot chords; the editor shows the key in force
 * under the answers, where it changes (a pivot both keys), and follows a key change typed (`E: V`) at
 * 1280 and 375 px, as Edit Answers does after the save; the instructor keeps the suggestions with the
 * opening key found, and saves. A student answers with keyed labels ('C: V', 'I = C: V'), sees the
 * key in force at each chord, hands in, and the grade and the grade report follow the key changes.
 */

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/bach-chorales');
const COURSE = 'Music Theory I';
const TITLE = 'Journey Modulating Chorale';
const KEYED = /^[A-Ga-g][#b]?:\s/;

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1280, height: 900 };

/** Any two of the editor's chord groups (answer, key in force, points) that overlap, by name. */
async function overlappingGroups(groups: Locator): Promise<string[]> {
  const boxes = await groups.evaluateAll((elements) =>
    elements.map((element) => {
      const r = element.getBoundingClientRect();
      return { name: element.getAttribute('aria-label') ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(20);
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        found.push(`${a.name} / ${b.name}`);
    }
  });
  return found;
}

/** What an element's aria-describedby says. */
const describedBy = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id: string) => (element.ownerDocument.getElementById(id)?.textContent ?? '').trim())
      .join(' '),
  );

const signedIn = (browser: Browser, server: Server, email: string) =>
  signedInElsewhere(browser, server, email, { width: 1280, height: 900 });

/** Each chord field of the editor: its answer and whether it is skipped, in score order. */
async function editorFields(dialog: Locator) {
  const count = await dialog.getByLabel(/^Answer for chord \d+$/).count();
  const skipped = await dialog
    .getByRole('button', { name: /points and options of chord \d+,/ })
    .evaluateAll((buttons) => buttons.map((button) => (button.textContent ?? '').includes('Skipped')));
  const fields: { n: number; answer: string; skipped: boolean }[] = [];
  for (let n = 1; n <= count; n += 1) {
    const answer = await dialog.getByLabel(`Answer for chord ${n}`, { exact: true }).inputValue();
    fields.push({ n, answer, skipped: skipped[n - 1] ?? false });
  }
  return fields;
}

test('a modulating chorale keyed with key changes and a pivot; a student answers with keyed labels and is graded by meaning', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(300_000);

  // The instructor: Create Exercise from the chorale's score as the corpus has it (.mxl).
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // A new set is a draft until released (decision 054).
  await releaseSet(teacher);
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(path.join(CORPUS, '005.mxl'));
  await expect(dialog.getByLabel('Answer for chord 1', { exact: true })).toBeVisible({ timeout: 60_000 });

  // The opening key is the key found (G major), named beside the field.
  await expect(dialog.getByLabel('Opening key', { exact: true })).toHaveValue('G');
  await expect(dialog.getByText(/^G major\./)).toBeVisible();

  // The suggestions name key changes and pivots; whatever they are, the key keeps them.
  const fields = await editorFields(dialog);
  const kept = fields.filter((f) => !f.skipped && f.answer.trim() !== '');
  const main = (f: { answer: string }) => (f.answer.split(',')[0] ?? '').trim();
  const pivots = kept.filter((f) => main(f).includes('='));
  const changes = kept.filter((f) => KEYED.test(main(f)));
  console.log(`[keys journey] ${fields.length} chords, ${kept.length} kept, ${pivots.length} pivots, ${changes.length} key changes`);
  expect(pivots.length).toBeGreaterThan(0);
  expect(changes.length).toBeGreaterThan(0);
  await teacher.screenshot({ path: testInfo.outputPath('keys-authoring.png'), fullPage: true });

  // The key in force under each answer (decision 031): the opening key at chord 1, a key change
  // where a main answer names one, a pivot's two keys.
  const group = (n: number) => dialog.getByRole('group', { name: `chord ${n}`, exact: true });
  const keyTag = (n: number) => group(n).locator('[data-key]');
  const answerField = (n: number) => dialog.getByLabel(`Answer for chord ${n}`, { exact: true });
  await expect(keyTag(1)).toHaveAttribute('data-key', 'G');
  await expect(keyTag(1)).toHaveText(/^G:/);
  const firstPivotField = fields.find((f) => !f.skipped && main(f).includes('=')) as (typeof fields)[number];
  await expect(group(firstPivotField.n).locator('[data-pivot-from]')).toHaveText(/^[A-Ga-g][#b]?→[A-Ga-g][#b]?:/);
  // Typing `E: V` at a chord whose neighbour names no key: E holds from there, and the tag says so.
  const plain = (f: (typeof fields)[number] | undefined) => f !== undefined && !f.skipped && !KEYED.test(main(f)) && !main(f).includes('=');
  const at = fields.find((f, i) => i > 0 && plain(f) && plain(fields[i + 1])) as (typeof fields)[number];
  const before = (await keyTag(at.n).getAttribute('data-key')) ?? '';
  expect(before).not.toBe('E');
  await expect(keyTag(at.n + 1)).toHaveAttribute('data-key', before);
  await answerField(at.n).fill('E: V');
  await expect(keyTag(at.n)).toHaveAttribute('data-key', 'E');
  await expect(keyTag(at.n)).toHaveText(/^E:/);
  await expect(keyTag(at.n + 1)).toHaveAttribute('data-key', 'E');
  expect(await describedBy(answerField(at.n + 1))).toContain('Key: E major');
  for (const viewport of [WIDE, PHONE]) {
    await teacher.setViewportSize(viewport);
    // Let the layout follow the new width (the systems are laid out again), then bring the chord into view.
    await teacher.waitForTimeout(500);
    await answerField(at.n).scrollIntoViewIfNeeded();
    await teacher.waitForTimeout(300);
    await expect(keyTag(at.n)).toBeVisible();
    expect(await overlappingGroups(dialog.getByRole('group', { name: /^chord \d+$/ }))).toEqual([]);
    await teacher.screenshot({ path: `/tmp/keys-editor-${viewport.width}.png` });
  }
  // On the phone every symbol of the palette is in view (two rows), the key's ':' and the pivot's '=' too.
  const palette = dialog.getByRole('group', { name: 'Symbols' });
  await palette.scrollIntoViewIfNeeded();
  await expect(palette.getByRole('button', { name: 'Insert colon : (key change, E: V)' })).toBeVisible();
  const pivotSign = await palette.getByRole('button', { name: 'Insert equals sign = (pivot chord, I = E: IV)' }).boundingBox();
  expect((pivotSign?.x ?? PHONE.width) + (pivotSign?.width ?? 1)).toBeLessThanOrEqual(PHONE.width);
  expect(
    await teacher.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
        .documentElement;
      return root.scrollWidth - root.clientWidth;
    }),
  ).toBeLessThanOrEqual(0);
  await teacher.screenshot({ path: '/tmp/keys-editor-palette-375.png' });
  await group(firstPivotField.n).scrollIntoViewIfNeeded();
  await expect(group(firstPivotField.n).locator('[data-pivot-from]')).toBeVisible();
  await teacher.waitForTimeout(500);
  await teacher.screenshot({ path: '/tmp/keys-editor-pivot-375.png' });
  await teacher.setViewportSize(WIDE);
  // Put the suggestion back: the key before returns.
  await answerField(at.n).fill(at.answer);
  await expect(keyTag(at.n + 1)).toHaveAttribute('data-key', before);

  // A wrong opening key is refused in the form; the found one is put back.
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await dialog.getByLabel('Opening key', { exact: true }).fill('H');
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(dialog.getByText('Not a key: write it as A, f# or Bb (lower case for minor).')).toBeVisible();
  await dialog.getByLabel('Opening key', { exact: true }).fill('G');
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(teacher.getByText('Exercise saved!')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // Edit Answers: the same key in force from the stored opening key; the palette's ':' writes a key change.
  await teacher.getByRole('button', { name: `Edit the answers of ${TITLE}` }).click();
  const editor = teacher.getByRole('dialog', { name: `Edit Answers: ${TITLE}` });
  const edited = (n: number) => editor.getByLabel(`Answer for chord ${n}`, { exact: true });
  const editedTag = (n: number) => editor.getByRole('group', { name: `chord ${n}`, exact: true }).locator('[data-key]');
  await expect(edited(1)).toBeVisible({ timeout: 60_000 });
  await expect(editedTag(1)).toHaveAttribute('data-key', 'G');
  const k = kept.findIndex((f) => f.n === at.n) + 1;
  expect(k).toBeGreaterThan(0);
  await expect(editedTag(k + 1)).toHaveAttribute('data-key', before);
  await edited(k).fill('E');
  await editor.getByRole('button', { name: 'Insert colon : (key change, E: V)' }).click();
  await edited(k).pressSequentially('V');
  await expect(edited(k)).toHaveValue('E: V');
  await expect(editedTag(k)).toHaveText(/^E:/);
  await expect(editedTag(k + 1)).toHaveAttribute('data-key', 'E');
  await teacher.setViewportSize(PHONE);
  await teacher.waitForTimeout(500);
  await edited(k).scrollIntoViewIfNeeded();
  await teacher.waitForTimeout(300);
  expect(await overlappingGroups(editor.getByRole('group', { name: /^chord \d+$/ }))).toEqual([]);
  await teacher.screenshot({ path: '/tmp/keys-edit-answers-375.png' });
  await teacher.setViewportSize(WIDE);
  await editor.getByRole('button', { name: 'Close', exact: true }).last().click();
  await teacher.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(editor).toBeHidden();

  // The student: the workspace names the opening key; each chord is answered as the key has it,
  // the first key change written with its key and the first pivot given only its new reading (wrong).
  const student = await signedIn(browser, server, DEMO.student);
  await student.getByRole('link', { name: COURSE, exact: true }).click();
  await student
    .getByRole('navigation', { name: /course/i })
    .getByRole('link', { name: 'Assignments' })
    .click();
  await student.getByRole('link', { name: `Open ${TITLE}` }).click();
  const chord = (n: number) => student.getByRole('textbox', { name: `Chord ${n}`, exact: true });
  await expect(chord(1)).toBeEditable({ timeout: 30_000 });
  await expect(student.getByText(/Key: G major\./)).toBeVisible();
  // A field for every kept chord (only the systems near the window are drawn: decision 049).
  await expect(student.getByText(`0 of ${kept.length} chords answered`)).toBeVisible();

  const firstPivot = pivots[0] as (typeof pivots)[number];
  const pivotIndex = kept.indexOf(firstPivot);
  const newReading = (main(firstPivot).split('=')[1] ?? '').trim();
  const newKey = newReading.split(':')[0] ?? '';
  let described = '';
  let newKeyMarks = 0;
  // Chord by chord, as Tab would go: the next chord's system is always drawn.
  for (const [index, field] of kept.entries()) {
    await chord(index + 1).fill(index === pivotIndex ? newReading : main(field));
    if (index !== pivotIndex + 1) continue;
    // After the pivot the field names the new key for screen readers, and under the chord.
    described = await chord(index + 1).evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id: string) => (element.ownerDocument.getElementById(id)?.textContent ?? '').trim())
        .join(' '),
    );
    newKeyMarks = await student.locator(`[data-key="${newKey}"]`).count();
  }
  expect(described).toMatch(/Key: [A-G][♯♭]? (major|minor)/);
  expect(newKeyMarks).toBeGreaterThan(0);
  await expect(student.getByText(new RegExp(`^${kept.length} of ${kept.length} chords answered`))).toBeVisible();
  await student.screenshot({ path: testInfo.outputPath('keys-workspace.png'), fullPage: true });

  await student.getByRole('button', { name: /^Submit/ }).click();
  // One submission: a complete hand-in asks once (issue 38).
  await student.getByRole('dialog', { name: 'Submit your answers?' }).getByRole('button', { name: 'Submit' }).click();
  const result = student.getByRole('region', { name: /^Submission #\d+$/ });
  await expect(result).toBeVisible({ timeout: 30_000 });
  // Every chord one point; only the half-written pivot is wrong.
  await expect(result.getByTestId('submission-score')).toHaveText(`${kept.length - 1} / ${kept.length}`);

  // The grade report names the key and sets the student's key changes in bold.
  await result.getByRole('link', { name: 'View submission' }).click();
  await student.getByRole('button', { name: 'View Grade Report' }).click({ timeout: 60_000 });
  const report = student.frameLocator('iframe');
  await expect(report.getByText('G major')).toBeVisible({ timeout: 30_000 });
  await expect(report.locator('span.key').first()).toBeVisible();
  expect(await report.locator('span.key').count()).toBeGreaterThanOrEqual(changes.length);
  await student.screenshot({ path: testInfo.outputPath('keys-report.png'), fullPage: true });
});
