import type { Browser } from '@playwright/test';
import { DEMO, expect, expectAccessible, instructorInNewSet, releaseSet, type Server, signedInElsewhere, test } from '../fixtures.ts';

const signedIn = (browser: Browser, server: Server, email: string, viewport = { width: 1280, height: 900 }) =>
  signedInElsewhere(browser, server, email, viewport);

/*
 * Editing the key of an exercise in use (issue 14): the instructor changes the key of a document a
 * student has already handed in; the grade stays until the instructor regrades, then the student's
 * grade book shows the new grade and the document's audit list says who changed it from what to what.
 */

const COURSE = 'Music Theory I';
const LIBRARY_DOCUMENT = 'Minor Phrase 2 (E minor)';
const TITLE = 'Regrade Journey Phrase';
const WRONG = 'N6';

const scoreOf = (text: string) => {
  const [points, max] = text.split('/').map((part) => Number(part.trim()));
  return { points: points as number, max: max as number };
};

test('an instructor edits the key of a handed-in exercise, grades stay until Regrade, then change with an audit entry', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(180_000);

  // The instructor: a new set with one exercise from the library, renamed.
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // A new set is a draft until released (decision 054).
  await releaseSet(teacher);
  await teacher.getByRole('button', { name: 'Add from Library' }).click();
  const library = teacher.getByRole('dialog', { name: 'Add from Library' });
  await library.getByRole('searchbox').fill('minor phrase 2');
  await library.getByRole('checkbox', { name: LIBRARY_DOCUMENT, exact: true }).check();
  await library.getByRole('button', { name: 'Add Documents' }).click();
  await expect(library).toBeHidden();
  const titleField = teacher.getByRole('textbox', { name: 'Document title' }).last();
  await titleField.fill(TITLE);
  await titleField.press('Enter');
  await expect(teacher.getByRole('article', { name: TITLE })).toBeVisible();

  // The student hands it in with the same wrong label everywhere.
  const student = await signedIn(browser, server, DEMO.student);
  await student.getByRole('link', { name: COURSE, exact: true }).click();
  await student.waitForURL(/\/student\/course\/\d+/);
  const courseId = Number(/\/student\/course\/(\d+)/.exec(student.url())?.[1]);
  await student.goto(`/student/course/${courseId}/assignments`);
  await student.getByRole('link', { name: `Open ${TITLE}` }).click();
  const chord = (n: number) => student.getByRole('textbox', { name: `Chord ${n}`, exact: true });
  await expect(chord(1)).toBeEditable({ timeout: 30_000 });
  const chords = await student.getByRole('textbox', { name: /^Chord \d+$/ }).count();
  for (let n = 1; n <= chords; n += 1) await chord(n).fill(WRONG);
  await student.getByRole('button', { name: /^Submit/ }).click();
  // One submission: a complete hand-in asks once (issue 38).
  await student.getByRole('dialog', { name: 'Submit your answers?' }).getByRole('button', { name: 'Submit' }).click();
  const result = student.getByRole('region', { name: /^Submission #\d+$/ });
  await expect(result).toBeVisible();
  const before = scoreOf((await result.getByTestId('submission-score').textContent()) ?? '');
  expect(before.points).toBe(0);
  const workspaceUrl = student.url();

  // The instructor edits the key: chord 1 accepts the student's label as well.
  await teacher.getByRole('button', { name: `Edit the answers of ${TITLE}` }).click();
  const dialog = teacher.getByRole('dialog', { name: `Edit Answers: ${TITLE}` });
  await expect(dialog.getByText('Version 1 of the answers')).toBeVisible({ timeout: 30_000 });
  const answer = dialog.getByLabel('Answer for chord 1', { exact: true });
  await dialog.getByRole('button', { name: /points and options of chord 1,/ }).click();
  const chordPoints = Number(await teacher.getByLabel('Points for chord 1', { exact: true }).inputValue());
  await teacher.keyboard.press('Escape');
  await answer.fill(`${await answer.inputValue()}, ${WRONG}`);
  await dialog.getByRole('button', { name: 'Save Answers' }).click();
  await expect(teacher.getByText('Answers saved as version 2. Grades already given have not changed.')).toBeVisible();
  await expect(dialog.getByText('Version 2 of the answers')).toBeVisible();
  await expect(dialog.getByText('Submissions graded with older answers: 1 of 1.')).toBeVisible();
  await expectAccessible(teacher);

  // The grade has not changed.
  await student.goto(workspaceUrl);
  await expect(student.getByRole('region', { name: /^Submission #\d+$/ }).getByTestId('submission-score')).toHaveText(
    `${before.points} / ${before.max}`,
  );

  // Regrade, confirmed; the job runs in the server's worker.
  await dialog.getByRole('button', { name: 'Regrade', exact: true }).click();
  const confirm = teacher.getByRole('dialog', { name: 'Regrade this document?' });
  await confirm.getByRole('button', { name: 'Regrade now' }).click();
  await expect(dialog.getByText(/^Last regrade finished .*\. Grades changed: 1\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('Every submission (1) is graded with these answers.')).toBeVisible();
  const audit = dialog.getByRole('table', { name: 'Grade changes' });
  const row = audit.getByRole('row').filter({ hasText: 'Fanny Mendelssohn' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${before.points} / ${before.max} points, F`);
  await expect(row).toContainText(`${before.points + chordPoints} / ${before.max} points`);
  await expectAccessible(teacher);
  await teacher.screenshot({ path: testInfo.outputPath('regrade-audit.png'), fullPage: true });

  // The student's grade book shows the new grade.
  await student.goto(`/student/course/${courseId}`);
  const bookRow = student.getByRole('row').filter({ hasText: TITLE });
  await expect(bookRow).toContainText(`${before.points + chordPoints} / ${before.max}`);
});
