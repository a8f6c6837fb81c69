import path from 'node:path';
import { expect, instructorInNewSet, test } from '../fixtures.ts';

/*
 * The answer editors do not cut off alternatives (issue 38): a focused answer grows to show every
 * alternative it holds, over its neighbours, at 1280 and 375 px. Create Exercise with chorale 001.
 */

const CHORALE = path.resolve(import.meta.dirname, '../../../shared/corpora/bach-chorales/001.mxl');
const LONG = 'iv6 = Eb: ii6, V65/V, viiø7';

test('a focused answer in Create Exercise shows all its alternatives at 1280 and 375 px', async ({ browser, server }, testInfo) => {
  test.setTimeout(120_000);
  const teacher = await instructorInNewSet(browser, server, 'Music Theory I');
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Create Exercise' });
  await dialog.getByLabel('Score (MusicXML)').setInputFiles(CHORALE);
  const second = dialog.getByLabel('Answer for chord 2', { exact: true });
  await expect(second).toBeVisible({ timeout: 60_000 });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await teacher.setViewportSize(viewport);
    await second.fill(LONG);
    await second.focus();
    await expect(second).toHaveValue(LONG);
    await teacher.waitForTimeout(100);
    const fits = await second.evaluate((input) => {
      const own = input.getBoundingClientRect();
      const system = (input.closest('[data-system]') ?? input).getBoundingClientRect();
      return {
        whole: input.scrollWidth <= input.clientWidth + 1 && own.left >= system.left - 1 && own.right <= system.right + 1,
        width: Math.round(own.width),
      };
    });
    await teacher.screenshot({ path: testInfo.outputPath(`answer-alternatives-${viewport.width}.png`) });
    expect(fits.whole, `chord 2's answer (${fits.width} px) shows whole inside its system`).toBe(true);
  }
});
