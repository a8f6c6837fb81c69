import { readHar, writeHar } from '@app/har/format';
import { buildSampleLibrary } from '@app/har/library/build-library';
import type { Locator, Page } from '@playwright/test';
import { apiAs, DEMO, expect, test } from '../fixtures.ts';

const COURSE = 'Music Theory I';

const toast = (page: Page, text: string): Locator => page.getByRole('status').filter({ hasText: text });

/** A real exercise from the sample library, saved under a new title: what an instructor would upload. */
function harFile(title: string, index: number) {
  const sample = buildSampleLibrary().sets[0]?.documents[index];
  if (!sample) throw new Error('the sample library has too few documents');
  const doc = readHar(sample.har);
  const bytes = writeHar({ ...doc, manifest: { ...doc.manifest, title, document_key: undefined } });
  return { name: `${title.toLowerCase().replaceAll(' ', '-')}.har`, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) };
}

const documentTitles = (page: Page) =>
  page.getByLabel('Document title').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));

async function dragOnto(page: Page, from: Locator, to: Locator) {
  // Both handles must be on screen for the mouse to reach them.
  await from.locator('xpath=ancestor::ol[1]').evaluate((list) => list.scrollIntoView({ block: 'center' }));
  // hover() waits until nothing covers the handle (a closing modal's backdrop fades out for 500 ms).
  await from.hover();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag handles are not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 5, { steps: 20 });
  await page.mouse.up();
}

/** Opens the course's Assignment Sets from the dashboard, through the card's title. */
async function openCourse(page: Page, group: 'As Instructor' | 'As TA') {
  await page
    .getByRole('region', { name: new RegExp(`^${group}`) })
    .getByRole('link', { name: COURSE, exact: true })
    .click();
  await expect(page).toHaveURL(/\/course\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Assignment Sets' })).toBeVisible();
  return Number(/\/course\/(\d+)/.exec(page.url())?.[1]);
}

test.describe('assignment sets', () => {
  // These journeys count and reorder the demo course's sets; journeys before them on this server
  // (one server per worker) may have added sets of their own, so start from the demo's two.
  test.beforeEach(async ({ server }) => {
    const instructor = await apiAs(server, DEMO.instructor);
    const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
    const course = user.course_instructors.find((c) => c.title === COURSE);
    if (!course) throw new Error(`${COURSE} is not the instructor's`);
    const sets = await instructor.get<{ id: number; title: string }[]>(`/api/courses/${course.id}/assignments`);
    for (const set of sets.filter((s) => !/^Week [12]: /.test(s.title))) await instructor.delete(`/api/assignments/${set.id}`);
    await instructor.dispose();
  });

  test('an instructor builds a set: uploads, library, order, preview, settings, extension, then deletes it', async ({ page, login }) => {
    test.setTimeout(120_000);
    await login('instructor');
    const courseId = await openCourse(page, 'As Instructor');
    await expect(page.getByRole('heading', { name: '1. Week 1: Diatonic Harmony in Major' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Week 2: Minor Keys' })).toBeVisible();

    // A new set opens in the editor with the creation notice.
    await page.getByRole('button', { name: 'New Assignment Set' }).click();
    await expect(page).toHaveURL(/\/course\/\d+\/assignment\/\d+#assignment_created$/);
    await expect(page.getByText('New assignment set created!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit Assignment Set' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: COURSE })).toBeVisible();
    await expect(breadcrumb).toContainText('Assignment Set 3');
    await expect(page.getByText("This assignment set doesn't have any documents yet.")).toBeVisible();

    // The title saves trimmed on Enter.
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('  Journey Set  ');
    await title.press('Enter');
    await expect(title).toHaveValue('Journey Set');
    await expect(breadcrumb).toContainText('Journey Set');

    // A due date after the course end asks first; Cancel keeps the saved date.
    const due = page.getByLabel('Due date', { exact: true });
    const savedDue = await due.inputValue();
    await due.fill('2099-01-01T10:00');
    await due.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Due Date After Course End Date' });
    await expect(confirm).toContainText('Do you wish to proceed anyway?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(due).toHaveValue(savedDue);

    // Two .har files in one upload, with the client's check first.
    const picker = page.getByLabel('Upload .har Files');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a score') });
    await expect(toast(page, 'Only .har files smaller than 20 MB are supported.')).toBeVisible();
    await picker.setInputFiles([harFile('Journey Upload A', 0), harFile('Journey Upload B', 1)]);
    await expect(toast(page, 'Document uploaded!')).toBeVisible();
    await expect.poll(() => documentTitles(page)).toEqual(['Journey Upload A', 'Journey Upload B']);
    await expect(page.getByText('You can reorder documents by dragging the arrows.')).toBeVisible();

    // Three more from the content library, found by searching.
    await page.getByRole('button', { name: 'Add from Library' }).click();
    const library = page.getByRole('dialog', { name: 'Add from Library' });
    const search = library.getByRole('searchbox');
    await search.fill('minor phrase');
    await library.getByRole('checkbox', { name: 'Minor Phrase 1 (A minor)', exact: true }).check();
    await library.getByRole('checkbox', { name: 'Minor Phrase 2 (E minor)', exact: true }).check();
    await search.fill('chromatic phrase 3');
    await expect(library.getByRole('checkbox', { name: 'Minor Phrase 1 (A minor)', exact: true })).toHaveCount(0);
    await library.getByRole('checkbox', { name: 'Chromatic Phrase 3 (A minor)', exact: true }).check();
    await expect(library.getByText('Selected: 3')).toBeVisible();
    await library.getByRole('button', { name: 'Add Documents' }).click();
    await expect(toast(page, 'Documents added to course!')).toBeVisible();
    await expect(library).toBeHidden();
    const added = [
      'Journey Upload A',
      'Journey Upload B',
      'Minor Phrase 1 (A minor)',
      'Minor Phrase 2 (E minor)',
      'Chromatic Phrase 3 (A minor)',
    ];
    await expect.poll(() => documentTitles(page)).toEqual(added);

    // Drag the last document to the top; the order survives a reload.
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Drag to reorder Chromatic Phrase 3 (A minor)' }),
      page.getByRole('button', { name: 'Drag to reorder Journey Upload A' }),
    );
    const reordered = ['Chromatic Phrase 3 (A minor)', ...added.slice(0, 4)];
    await expect.poll(() => documentTitles(page)).toEqual(reordered);
    await page.reload();
    await expect.poll(() => documentTitles(page)).toEqual(reordered);

    // The preview steps through the set's documents.
    await page.getByRole('button', { name: 'Preview Journey Upload A' }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByRole('heading', { name: 'Journey Upload A' })).toBeVisible();
    await expect(preview).toContainText('Document 2 of 5');
    await expect(preview.getByRole('img', { name: 'First page of Journey Upload A' })).toBeVisible({ timeout: 30_000 });
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByRole('heading', { name: 'Journey Upload B' })).toBeVisible();
    await expect(preview).toContainText('Document 3 of 5');
    await preview.getByRole('button', { name: 'Previous' }).click();
    await preview.getByRole('button', { name: 'Previous' }).click();
    await expect(preview.getByRole('heading', { name: 'Chromatic Phrase 3 (A minor)' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(preview.getByRole('img', { name: 'First page of Chromatic Phrase 3 (A minor)' })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // Practice mode swaps the options (spec §4), and back.
    const row = page.getByRole('article', { name: 'Journey Upload B' });
    await row.getByRole('button', { name: 'Settings of Journey Upload B' }).click();
    await expect(row.getByLabel('Allow Multiple Submission')).toBeVisible();
    await expect(row.getByLabel('Incremental Grading')).toHaveCount(0);
    await row.getByLabel('Practice Mode').check();
    await expect(row.getByLabel('Incremental Grading')).toBeVisible();
    await expect(row.getByLabel('Allow Multiple Submission')).toHaveCount(0);
    await expect(row.getByLabel('Timed', { exact: true })).toHaveCount(0);
    await expect(row.getByText('Practice', { exact: true })).toBeVisible();
    await row.getByLabel('Practice Mode').uncheck();
    await expect(row.getByLabel('Allow Multiple Submission')).toBeVisible();
    await expect(row.getByLabel('Incremental Grading')).toHaveCount(0);

    // A time limit: 30 minutes when switched on, then 1 h 15 min; it survives a reload.
    await row.getByLabel('Timed', { exact: true }).check();
    const hours = row.getByRole('combobox', { name: 'Hours for Journey Upload B' });
    const minutes = row.getByRole('combobox', { name: 'Minutes for Journey Upload B' });
    await expect(hours).toHaveValue('0');
    await expect(minutes).toHaveValue('30');
    await expect(row.getByText('Timed: 30 min')).toBeVisible();
    await hours.selectOption('1');
    await expect(row.getByText('Timed: 1 h 30 min')).toBeVisible();
    await Promise.all([
      page.waitForResponse(
        (response) => response.url().includes('/api/documents/') && (response.request().postData() ?? '').includes('4500'),
      ),
      minutes.selectOption('15'),
    ]);
    await expect(row.getByText('Timed: 1 h 15 min')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article', { name: 'Journey Upload B' }).getByText('Timed: 1 h 15 min')).toBeVisible();

    // An extension for the demo student, changed, then removed.
    const extensions = page.getByRole('region', { name: 'Due Date Extensions' });
    await expect(extensions.getByText('No student has an extension for this set.')).toBeVisible();
    await extensions.getByLabel('Student', { exact: true }).selectOption({ label: 'Mendelssohn, Fanny (student@example.com)' });
    await expect(extensions.getByLabel('Extended due date')).not.toHaveValue('');
    await extensions.getByRole('button', { name: 'Grant Extension' }).click();
    await expect(toast(page, 'Due date extension saved.')).toBeVisible();
    await expect(extensions.getByText('Mendelssohn, Fanny', { exact: true })).toBeVisible();
    await extensions.getByRole('button', { name: 'Change the extension of Mendelssohn, Fanny' }).click();
    await expect(extensions.getByRole('button', { name: 'Change Extension' })).toBeVisible();
    await extensions.getByRole('button', { name: 'Remove the extension of Mendelssohn, Fanny' }).click();
    await expect(toast(page, 'Due date extension removed.')).toBeVisible();
    await expect(extensions.getByText('No student has an extension for this set.')).toBeVisible();

    // Delete one document, after confirming.
    await page.getByRole('button', { name: 'Delete Journey Upload B' }).click();
    const deleteDocument = page.getByRole('dialog', { name: 'Delete Document' });
    await expect(deleteDocument).toContainText('Delete "Journey Upload B" from this assignment set?');
    await deleteDocument.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Document deleted.')).toBeVisible();
    await expect.poll(() => documentTitles(page)).toEqual(reordered.filter((t) => t !== 'Journey Upload B'));

    // Delete the set: back to the course's sets, without it.
    await page.getByRole('button', { name: 'Delete Assignment Set' }).click();
    const deleteSet = page.getByRole('dialog', { name: 'Delete Assignment Set' });
    await expect(deleteSet).toContainText('Delete "Journey Set" and all of its documents?');
    await deleteSet.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Assignment set deleted.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    await expect(page.getByRole('heading', { name: 'Assignment Sets' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Journey Set/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '2. Week 2: Minor Keys' })).toBeVisible();
  });

  test('an instructor reorders the sets with the keyboard, and an unknown set leads home', async ({ page, login }) => {
    await login('instructor');
    const courseId = await openCourse(page, 'As Instructor');
    await expect(page.getByText('You can reorder assignment sets by dragging the arrows.')).toBeVisible();
    const setTitles = () => page.locator('article h2').allTextContents();
    await expect.poll(setTitles).toEqual(['1. Week 1: Diatonic Harmony in Major', '2. Week 2: Minor Keys']);

    const moveUp = async (title: string) => {
      await page.getByRole('button', { name: `Drag to reorder ${title}` }).focus();
      // The screen-reader announcements tell when the sensor is ready for the next key.
      await page.keyboard.press('Space');
      await expect(page.getByText(`${title} moved to position 2 of 2`)).toBeAttached();
      // dnd-kit listens for the next key a tick after the pick-up; at the top, ArrowUp again changes nothing.
      await expect(async () => {
        await page.keyboard.press('ArrowUp');
        await expect(page.getByText(`${title} moved to position 1 of 2`)).toBeAttached({ timeout: 1000 });
      }).toPass();
      await page.keyboard.press('Space');
    };
    await moveUp('Week 2: Minor Keys');
    await expect(toast(page, 'New assignment order saved.')).toBeVisible();
    await page.reload();
    await expect.poll(setTitles).toEqual(['1. Week 2: Minor Keys', '2. Week 1: Diatonic Harmony in Major']);
    // Back to the demo order.
    await moveUp('Week 1: Diatonic Harmony in Major');
    await expect.poll(setTitles).toEqual(['1. Week 1: Diatonic Harmony in Major', '2. Week 2: Minor Keys']);

    await page.goto(`/course/${courseId}/assignment/999999`);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Assignment not found in selected course.')).toBeVisible();
  });

  // QA Q10: a score picked in "Upload .har Files" was refused only as "not a ZIP file"; QA Q12: a long
  // document title was clipped in the set editor on a phone (an input does not wrap).
  test('Upload .har Files sends a score to Create Exercise; a long document title wraps at 375 px', async ({ page, login }, testInfo) => {
    test.setTimeout(90_000);
    await login('instructor');
    await openCourse(page, 'As Instructor');
    await page.getByRole('button', { name: 'New Assignment Set' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Assignment Set' })).toBeVisible();
    const picker = page.getByLabel('Upload .har Files');
    await picker.setInputFiles({ name: 'score.musicxml', mimeType: 'application/xml', buffer: Buffer.from('<score-partwise/>') });
    await expect(
      toast(page, 'score.musicxml: This is a MusicXML score, not a .har exercise: to make an exercise from a score, use Create Exercise.'),
    ).toBeVisible();

    const long = 'Wir glauben all an einen Gott, Schöpfer Himmels und der Erden — 133 (QA long title)';
    await picker.setInputFiles([harFile(long, 0)]);
    await expect(toast(page, 'Document uploaded!')).toBeVisible();
    const title = page.getByLabel('Document title');
    await expect(title).toHaveValue(long);
    const fits = () =>
      title.evaluate((area) => ({
        whole: area.scrollHeight <= area.clientHeight + 1 && area.scrollWidth <= area.clientWidth + 1,
        height: area.getBoundingClientRect().height,
      }));
    await page.setViewportSize({ width: 375, height: 800 });
    await title.scrollIntoViewIfNeeded();
    await expect.poll(fits).toMatchObject({ whole: true });
    const phone = (await fits()).height;
    expect(phone).toBeGreaterThan(60);
    await page.screenshot({ path: testInfo.outputPath('set-long-title-375.png') });
    // Enter saves it (no line break), as the one-line field did.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/documents\/\d+$/.test(r.url()));
    await title.fill(`${long} v2`);
    await title.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(title).toHaveValue(`${long} v2`);
    await page.reload();
    await expect(page.getByLabel('Document title')).toHaveValue(`${long} v2`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(fits).toMatchObject({ whole: true });
    expect((await fits()).height).toBeLessThan(phone);
    await title.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('set-long-title-1280.png') });
  });

  test('a TA sees the sets and their previews without edit, add or drag', async ({ page, login }) => {
    await login('ta');
    await openCourse(page, 'As TA');
    await expect(page.getByRole('heading', { name: '1. Week 1: Diatonic Harmony in Major' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Course menu' }).getByRole('link', { name: 'Assignments' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Assignment Set' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Drag to reorder/ })).toHaveCount(0);
    await expect(page.getByText('You can reorder assignment sets by dragging the arrows.')).toHaveCount(0);

    const week1 = page.getByRole('article', { name: /Week 1: Diatonic Harmony in Major/ });
    await week1.getByRole('button', { name: 'Documents (3)' }).click();
    await week1.getByRole('button', { name: 'Preview Major Phrase 2 (G major)' }).click();
    const preview = page.getByRole('dialog');
    await expect(preview).toContainText('Document 2 of 3');
    await expect(preview.getByRole('img', { name: 'First page of Major Phrase 2 (G major)' })).toBeVisible({ timeout: 30_000 });
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByRole('heading', { name: 'Major Phrase 3 (D major)' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('an instructor searches the content library and previews an exercise', async ({ page, login }) => {
    await login('instructor');
    await page.getByRole('link', { name: 'Content Library' }).click();
    await expect(page.getByRole('heading', { name: 'Content Library', level: 1 })).toBeVisible();
    await page.getByLabel('Search by title').fill('neapolitan');
    await expect(page.getByRole('heading', { name: /Diatonic Harmony in Major/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Chromatic Phrase 2 (G major)' }).click();
    await expect(page.getByRole('heading', { name: 'Chromatic Phrase 2 (G major)', level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'First page of Chromatic Phrase 2 (G major)' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Search by title').fill('lydian');
    await expect(page.getByText('No documents match "lydian".')).toBeVisible();
  });

  test('a student visiting the content library is sent to the profile with the spec message', async ({ page, login }) => {
    await login('student');
    await page.goto('/content-library');
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(toast(page, 'Only instructors can preview content library.')).toBeVisible();
  });
});
