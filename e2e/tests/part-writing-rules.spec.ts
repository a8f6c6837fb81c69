import { apiAs, DEMO, expect, expectAccessible, instructorInNewSet, releaseSet, signedInElsewhere, test } from '../fixtures.ts';

/*
 * Part writing (issue 27): an instructor changes the rule settings of a part-writing exercise a
 * student has handed in. Edit Answers opens the document's rule settings; turning parallel fifths
 * off and saving makes version 2 without touching the grade; Regrade raises the student's grade,
 * the audit list says from what to what, and the student's grade book shows the new grade.
 */

const COURSE = 'Music Theory I';
const TITLE = 'Figured bass: rules changed';
/** Chords 1–2 hold parallel fifths between soprano and bass (G4/C3 → C5/F3), nothing else. */
const FIFTHS = ['G4 E4 C4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'];

test('an instructor turns a rule off, saves, regrades, and the student’s grade changes in the grade book', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(180_000);
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // Students see the set once it is released (a new set is a draft, decision 054).
  await releaseSet(teacher);

  // The exercise, saved into the new set as Create Exercise saves it; parallel fifths cost 5.
  const instructor = await apiAs(server, DEMO.instructor);
  const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const courseId = user.course_instructors.find((c) => c.title === COURSE)?.id as number;
  const sets = await instructor.get<{ id: number }[]>(`/api/courses/${courseId}/assignments`);
  const setId = Math.max(...sets.map((s) => s.id));
  const doc = await instructor.post<{ id: number }>('/api/part-writing/exercises', {
    title: TITLE,
    assignment_set_id: setId,
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '', beats: 1 })),
    rules: { 'parallel-fifths': { on: true, points: 5 } },
    points: 20,
  });

  // The student hands in the fifths: 15 / 20.
  const student = await apiAs(server, DEMO.student);
  const handedIn = await student.post<{ points: number; max_points: number }>(`/api/documents/${doc.id}/submissions`, {
    answers: FIFTHS.map((answer, i) => ({ id: `chord-${i + 1}`, answer })),
  });
  expect([handedIn.points, handedIn.max_points]).toEqual([15, 20]);

  // Edit Answers of a part-writing document: its rule settings.
  await teacher.reload();
  await teacher.getByRole('button', { name: `Edit the answers of ${TITLE}` }).click();
  const dialog = teacher.getByRole('dialog', { name: `Rule settings: ${TITLE}` });
  await expect(dialog.getByText('Version 1 of the rule settings')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByLabel('Points for Parallel fifths')).toHaveValue('5');
  const fifths = dialog.getByLabel('Check Parallel fifths');
  await expect(fifths).toBeChecked();
  await fifths.uncheck();
  // Unsaved changes: Close asks first; keep editing.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const leave = teacher
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .or(teacher.getByRole('dialog', { name: 'Leave without saving?' }));
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(fifths).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save Rule Settings' }).click();
  await expect(teacher.getByText('Rule settings saved as version 2. Grades already given have not changed.')).toBeVisible();
  await expect(dialog.getByText('Version 2 of the rule settings')).toBeVisible();
  await expect(dialog.getByText('Submissions graded with older rule settings: 1 of 1.')).toBeVisible();
  await expectAccessible(teacher);

  // Regrade, confirmed; the job runs in the server's worker.
  await dialog.getByRole('button', { name: 'Regrade', exact: true }).click();
  await teacher.getByRole('dialog', { name: 'Regrade this document?' }).getByRole('button', { name: 'Regrade now' }).click();
  await expect(dialog.getByText(/^Last regrade finished .*\. Grades changed: 1\.$/)).toBeVisible({ timeout: 60_000 });
  const row = dialog.getByRole('table', { name: 'Grade changes' }).getByRole('row').filter({ hasText: 'Fanny Mendelssohn' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('15 / 20 points');
  await expect(row).toContainText('20 / 20 points');
  await teacher.screenshot({ path: '/tmp/part-writing-rules-regrade.png', fullPage: true });
  await teacher.screenshot({ path: testInfo.outputPath('part-writing-rules-regrade.png'), fullPage: true });

  // The student's grade book: the new grade.
  const page = await signedInElsewhere(browser, server, DEMO.student, { width: 1280, height: 900 });
  await page.goto(`/student/course/${courseId}`);
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toContainText('20 / 20', { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/part-writing-rules-gradebook.png', fullPage: true });
  await Promise.all([instructor.dispose(), student.dispose()]);
});

/*
 * Issue 35: a formal part-writing grade never stands alone. Before the findings are shown (after the
 * due date by default), the student's submission view and grade report say how many findings cost
 * how many points and when the details show — never which; at 1280 and 375 px. The instructor then
 * chooses "Show findings: At hand-in" beside "Show correct answers", and the same report lists them.
 */
test('before its findings are shown, a part-writing grade says what they cost and when they show; at hand-in they show', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'Figured bass: what it cost';
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // Students see the set once it is released (a new set is a draft, decision 054).
  await releaseSet(teacher);
  const instructor = await apiAs(server, DEMO.instructor);
  const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const courseId = user.course_instructors.find((c) => c.title === COURSE)?.id as number;
  const sets = await instructor.get<{ id: number }[]>(`/api/courses/${courseId}/assignments`);
  const setId = Math.max(...sets.map((s) => s.id));
  const doc = await instructor.post<{ id: number }>('/api/part-writing/exercises', {
    title,
    assignment_set_id: setId,
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '', beats: 1 })),
    rules: { 'parallel-fifths': { on: true, points: 5 } },
    points: 20,
  });
  const student = await apiAs(server, DEMO.student);
  const handedIn = await student.post<{ id: number; points: number }>(`/api/documents/${doc.id}/submissions`, {
    answers: FIFTHS.map((answer, i) => ({ id: `chord-${i + 1}`, answer })),
  });
  expect(handedIn.points).toBe(15);

  const page = await signedInElsewhere(browser, server, DEMO.student, { width: 1280, height: 900 });
  await page.goto(`/student/course/${courseId}/submission/${handedIn.id}`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Beside the grade: what the findings cost, and when the details show.
    await expect(page.getByText('1 finding costs 5 points.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^The details are shown after .+, with the correct answers\.$/)).toBeVisible();
    await page.screenshot({ path: `/tmp/issue35-points-off-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'View Grade Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grade Report' });
    const frame = dialog.frameLocator('iframe');
    const shown = frame.locator('section[data-report-language="en"]');
    await expect(shown.getByText('1 finding costs 5 points.')).toBeVisible();
    await expect(shown.getByText(/^The details are shown after .+, with the correct answers\.$/)).toBeVisible();
    await expect(shown.getByText('Total: 15 / 20 · Grade: C')).toBeVisible();
    // Never which finding.
    await expect(frame.getByText(/parallel fifths/)).toHaveCount(0);
    await page.screenshot({ path: `/tmp/issue35-report-before-${width}.png` });
    await page.screenshot({ path: testInfo.outputPath(`report-before-${width}.png`) });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  }

  // The instructor shows the findings at hand-in, beside "Show correct answers".
  await teacher.reload();
  await teacher.getByRole('button', { name: `Settings of ${title}` }).click();
  const showFindings = teacher.getByRole('combobox', { name: `Show findings for ${title}` });
  await expect(showFindings).toHaveValue('AT_RELEASE');
  await showFindings.selectOption({ label: 'At hand-in' });
  await expect(teacher.getByRole('combobox', { name: `Show correct answers for ${title}` })).toHaveValue('AFTER_DUE');
  await teacher.getByRole('article', { name: title }).screenshot({ path: '/tmp/issue35-show-findings-setting.png' });
  await expect
    .poll(async () => (await instructor.get<{ documents: { id: number; show_findings: string }[] }>(`/api/assignments/${setId}`)).documents)
    .toContainEqual(expect.objectContaining({ id: doc.id, show_findings: 'AT_HAND_IN' }));

  // Edit Answers shows the exercise's key, which the instructor may change (a new version, then Regrade).
  await teacher.getByRole('button', { name: `Edit the answers of ${title}` }).click();
  const rulesDialog = teacher.getByRole('dialog', { name: `Rule settings: ${title}` });
  await expect(rulesDialog.getByLabel('Opening key')).toHaveValue('C', { timeout: 30_000 });
  await expect(rulesDialog.getByText(/^C major\. The key reads the numerals and figures/)).toBeVisible();
  await teacher.screenshot({ path: '/tmp/issue35-edit-answers-key.png' });
  await rulesDialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.reload();
  await expect(page.getByRole('button', { name: 'View Grade Report' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByText('1 finding costs 5 points.')).toHaveCount(0);
  await page.getByRole('button', { name: 'View Grade Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grade Report' });
  const shown = dialog.frameLocator('iframe').locator('section[data-report-language="en"]');
  await expect(shown.getByText('Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the bass.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(shown.getByRole('rowheader', { name: 'Points off in total' }).or(shown.getByText('Points off in total'))).toBeVisible();
  await page.screenshot({ path: '/tmp/issue35-report-at-hand-in-375.png' });
  await Promise.all([instructor.dispose(), student.dispose(), page.context().close()]);
});
