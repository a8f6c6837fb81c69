import fs from 'node:fs';
import { choraleMusicXml, TEST_CHORALES, type TestChorale } from '@app/har/analysis/test-chorales';
import { expect, expectAccessible, instructorInNewSet, test } from '../fixtures.ts';

/*
 * Issue 26, finding 9: a score with the analysis written into it (lyrics, chord symbols). The
 * instructor making an exercise from it is told what the students' copy leaves out.
 */

const COURSE = 'Music Theory I';
const CHORALE = TEST_CHORALES.find((c) => c.title.startsWith('Chorale 6')) as TestChorale;

test('Create Exercise lists the analysis written into the score that students will not see', async ({ browser, server }, testInfo) => {
  test.setTimeout(120_000);
  const written = choraleMusicXml(CHORALE)
    .replace('</note>', '<lyric number="1"><syllable>single</syllable><text>i</text></lyric></note>')
    .replace('<note>', '<harmony><root><root-step>A</root-step></root><kind>minor</kind></harmony><note>');
  const file = testInfo.outputPath('analysed.musicxml');
  fs.writeFileSync(file, written);

  const teacher = await instructorInNewSet(browser, server, COURSE);
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(file);
  await expect(dialog.getByLabel('Answer for chord 1', { exact: true })).toBeVisible({ timeout: 30_000 });

  const notice = dialog.locator('[data-severity="warning"]').filter({ hasText: 'Left out of the students’ copy' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveText(['1 lyric: “i”', '1 chord symbol: “A minor”']);
  await expectAccessible(teacher);
  await notice.screenshot({ path: testInfo.outputPath('written-analysis-notice.png') });
});
