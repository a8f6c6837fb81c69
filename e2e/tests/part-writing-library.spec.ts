import fs from 'node:fs';
import { partWritingExercise, partWritingSubmission, readPartWritingHar, writePartWritingHar } from '@app/har/part-writing/document';
import { apiAs, DEMO, expect, expectAccessible, instructorInNewSet, releaseSet, test } from '../fixtures.ts';

/*
 * Part writing in "My exercises" (issue 27): on the Content Library page an instructor makes a
 * figured-bass exercise with Create Exercise (part writing), saved into their own section; from a
 * set, "Add from Library" puts it in the set; a student hands it in as a .har file (their copy with
 * the voices written) and is graded by the document's own settings. The MusicXML is made here.
 */

const COURSE = 'Music Theory I';
const TITLE = 'Figured bass for the library';

test('an instructor saves a part-writing exercise to My exercises, adds it to a set, and a student hands in a .har file', async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(180_000);
  const file = testInfo.outputPath('figured-bass.musicxml');
  const figured = partWritingExercise('Figured bass', {
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '' })),
    points: 20,
  });
  fs.writeFileSync(file, figured.score);

  // A new set to come back to; then the Content Library page.
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // Students see the set once it is released (a new set is a draft, decision 054).
  await releaseSet(teacher);
  const setPath = new URL(teacher.url()).pathname;
  await teacher.goto('/content-library');
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Part writing (figured bass or numerals)').check();
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(file);
  await expect(dialog.getByText('Key C major, meter 4/4, 4 chords; given: Bass.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Points for Parallel fifths').fill('5');
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await expect(
    dialog.getByText('The exercise is saved into your library, under “My exercises”, to use in any of your courses.'),
  ).toBeVisible();
  await teacher.screenshot({ path: testInfo.outputPath('pw-library-authoring.png'), fullPage: true });
  await expectAccessible(teacher);
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(teacher.getByText('Exercise saved!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(teacher.getByRole('region', { name: /^My exercises/ }).getByRole('button', { name: TITLE })).toBeVisible();
  await teacher.screenshot({ path: '/tmp/part-writing-library-1280.png', fullPage: true });

  // Back in the set: Add from Library finds it under its title.
  await teacher.goto(setPath);
  await teacher.getByRole('button', { name: 'Add from Library' }).click();
  const library = teacher.getByRole('dialog', { name: 'Add from Library' });
  await library.getByRole('searchbox').fill('figured bass for the library');
  await library.getByRole('checkbox', { name: TITLE, exact: true }).check();
  await library.getByRole('button', { name: 'Add Documents' }).click();
  await expect(teacher.getByText('Documents added to course!')).toBeVisible();
  await expect(teacher.getByRole('textbox', { name: 'Document title' }).last()).toHaveValue(TITLE);

  // The student: their copy of the exercise (no model), the voices written into it, handed in as a file.
  const instructor = await apiAs(server, DEMO.instructor);
  const user = await instructor.get<{ course_instructors: { id: number; title: string }[] }>('/api/users');
  const courseId = user.course_instructors.find((c) => c.title === COURSE)?.id as number;
  const sets = await instructor.get<{ documents: { id: number; title: string }[] }[]>(`/api/courses/${courseId}/assignments`);
  const doc = sets.flatMap((s) => s.documents).find((d) => d.title === TITLE);
  if (!doc) throw new Error('Add from Library did not put the exercise in the set');
  const student = await apiAs(server, DEMO.student);
  const { url } = await student.get<{ url: string }>(`/api/documents/${doc.id}/file-url`);
  const copy = readPartWritingHar(await student.bytes(url));
  expect(copy.model).toBeUndefined();
  expect(copy.exercise.rules['parallel-fifths']).toEqual({ on: true, points: 5 });
  // G4 E4 C4 → C5 F4 A3 over C3 → F3: parallel fifths between soprano and bass, 5 of 20.
  const voices = [
    { S: 'G4', A: 'E4', T: 'C4' },
    { S: 'C5', A: 'F4', T: 'A3' },
    { S: 'B4', A: 'D4', T: 'G3' },
    { S: 'C5', A: 'E4', T: 'G3' },
  ];
  const handIn = writePartWritingHar(partWritingSubmission(copy, { chords: voices }));
  const graded = await student.upload<{ points: number; max_points: number }>(
    `/api/documents/${doc.id}/submissions`,
    'my-work.har',
    handIn,
  );
  expect([graded.points, graded.max_points]).toEqual([15, 20]);
  await Promise.all([instructor.dispose(), student.dispose()]);
  await teacher.context().close();
});
