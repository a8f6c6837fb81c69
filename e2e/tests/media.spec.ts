import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/** A mono 16-bit PCM WAV of a sine tone, written byte by byte: a real audio file without any tool. */
function wav(seconds: number, frequency = 440, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The parts of HTMLMediaElement the journey reads (e2e compiles without the DOM library). */
type MediaElement = { duration: number; currentTime: number; muted: boolean; play: () => Promise<void> };

const toast = (page: Page, text: string): Locator => page.getByRole('status').filter({ hasText: text });
const fileTitles = (page: Page) =>
  page.getByLabel('File title').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));

async function dragOnto(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag handles are not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 5, { steps: 15 });
  await page.mouse.up();
}

test.describe('media library', () => {
  test('an instructor builds a collection, uploads and plays audio, renames, reorders and deletes', async ({ page, login }) => {
    await login('instructor');
    await page.getByRole('link', { name: 'Media Library' }).click();
    await expect(page.getByRole('heading', { name: 'Media Library' })).toBeVisible();

    await page.getByLabel('New collection title').fill('  Ear training  ');
    await page.getByRole('button', { name: 'Create Collection' }).click();
    await expect(toast(page, 'New media collection created.')).toBeVisible();
    await page.getByRole('link', { name: 'Open Ear training' }).click();
    await expect(page.getByRole('heading', { name: 'Ear training' })).toBeVisible();
    await expect(page.getByText("This collection doesn't have any files yet.")).toBeVisible();

    // Upload: the client checks the type first, then the server transcodes in the background.
    const picker = page.getByLabel('Upload Audio or Video');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
    const refused = toast(page, 'Only audio or video files are supported.');
    await expect(refused).toContainText('Only files with size smaller than 20 MB are supported.');
    await picker.setInputFiles({ name: 'A440.wav', mimeType: 'audio/wav', buffer: wav(1.5) });
    await expect(toast(page, 'New media file uploaded.')).toBeVisible();
    const first = page.locator('li', { has: page.locator('[data-file-key]') }).first();
    await expect(first.getByText('Transcode completed')).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, 'File transcoding complete.')).toBeVisible();

    // The player plays the transcoded .m4a from its signed URL.
    const audio = first.locator('audio');
    await expect(audio).toBeVisible();
    await expect
      .poll(() => audio.evaluate((element) => (element as unknown as MediaElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(1.3);
    expect(await audio.evaluate((element) => (element as unknown as MediaElement).duration)).toBeLessThan(1.7);
    await audio.evaluate(async (element) => {
      const media = element as unknown as MediaElement;
      media.muted = true;
      await media.play();
    });
    await expect.poll(() => audio.evaluate((element) => (element as unknown as MediaElement).currentTime)).toBeGreaterThan(0);

    // Rename inline: trimmed, saved on Enter.
    const title = page.getByLabel('File title').first();
    await expect(title).toHaveValue('A440');
    await title.fill('  Concert A  ');
    await title.press('Enter');
    await expect(title).toHaveValue('Concert A');

    // A second file, then drag it above the first.
    await picker.setInputFiles({ name: 'E330.wav', mimeType: 'audio/wav', buffer: wav(1, 330) });
    await expect(page.getByText('Transcode completed')).toHaveCount(2, { timeout: 30_000 });
    await expect.poll(() => fileTitles(page)).toEqual(['Concert A', 'E330']);
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Drag to reorder E330' }),
      page.getByRole('button', { name: 'Drag to reorder Concert A' }),
    );
    await expect.poll(() => fileTitles(page)).toEqual(['E330', 'Concert A']);
    await page.reload();
    await expect.poll(() => fileTitles(page)).toEqual(['E330', 'Concert A']);

    // Delete the collection, after confirming.
    await page.getByRole('link', { name: 'Media Library' }).first().click();
    await expect(page.getByText('Files: 2')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Ear training' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Media Collection' });
    await expect(dialog).toContainText('Delete "Ear training" and all of its files?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Media collection deleted.')).toBeVisible();
    await expect(page.getByText("You don't have any media collections yet.")).toBeVisible();
  });

  test('collections rename inline and reorder by dragging', async ({ page, login }) => {
    await login('instructor');
    await page.goto('/media-library');
    for (const name of ['Rhythm', 'Melody']) {
      await page.getByLabel('New collection title').fill(name);
      await page.getByRole('button', { name: 'Create Collection' }).click();
      await expect(page.getByLabel('Collection title', { exact: true }).last()).toHaveValue(name);
    }
    const titles = () =>
      page
        .getByLabel('Collection title', { exact: true })
        .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Drag to reorder Melody' }),
      page.getByRole('button', { name: 'Drag to reorder Rhythm' }),
    );
    await expect.poll(titles).toEqual(['Melody', 'Rhythm']);
    const rhythm = page.getByLabel('Collection title', { exact: true }).last();
    await rhythm.fill('Rhythm drills ');
    await rhythm.blur();
    await page.reload();
    await expect.poll(titles).toEqual(['Melody', 'Rhythm drills']);
    await page.goto('/media-library/999999');
    await expect(page).toHaveURL(/\/media-library$/);
    await expect(toast(page, 'Requested media collection does not exist.')).toBeVisible();
  });

  test('a student is sent to the profile with the spec message', async ({ page, login }) => {
    await login('student');
    await page.goto('/media-library');
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(toast(page, 'Only instructors can use media library feature.')).toBeVisible();
  });
});
