import type { CDPSession, Page } from '@playwright/test';
import { HALF, noteY, STAFF_HEIGHT } from '../../packages/web/src/components/part-writing/staff.ts';
import { apiAs, DEMO, expect, expectAccessible, instructorInNewSet, releaseSet, signInThroughForm, test } from '../fixtures.ts';

/*
 * Part writing on a phone (issue 27, decision 041): an exercise of twelve chords wraps into three
 * systems at 375 px. A finger dragged on empty staff scrolls the page and writes nothing; a tap
 * in the second system writes there and the chord stays in sight above the note toolbar, which
 * is two rows, the note values the second (its letters fold out); at 375 × 667 and 375 × 812 nothing the student needs is
 * covered; a finger held still on empty staff picks up a note and drags it without scrolling;
 * and at 1280 px the toolbar is open in one piece.
 */

const COURSE = 'Music Theory I';
const TITLE = 'Twelve chords on a phone';
const BASS = ['C3', 'F3', 'G3', 'C3', 'A2', 'D3', 'G3', 'C3', 'F3', 'D3', 'G3', 'C3'];

type Voice = 'S' | 'A' | 'T';

/** The page's vertical scroll. */
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

/** Where a voice's pitch is on the page in chord `chord`'s column of system `system`, as it is now. */
async function spot(page: Page, system: number, chord: number, voice: Voice, pitch: string) {
  const svg = await page.locator(`svg[data-system="${system}"]`).boundingBox();
  const column = await page.locator(`svg[data-system="${system}"] [data-column="${chord}"]`).boundingBox();
  if (!svg || !column) throw new Error('the staff is not drawn');
  const scale = svg.height / STAFF_HEIGHT;
  return { x: column.x + column.width / 2, y: svg.y + (noteY(voice, pitch) as number) * scale, step: HALF * scale };
}

/** A finger on the touch screen, through CDP touch events (so touch-action and the page's scrolling are real). */
function finger(session: CDPSession) {
  return async (points: { x: number; y: number }[]) => {
    const [first, ...rest] = points;
    if (!first) return;
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...first, id: 1 }] });
    for (const point of rest) await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...point, id: 1 }] });
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}

/**
 * Nothing needed is off screen or under the sticky bars: the toolbar in two rows (the selected note
 * with ▲ ▼ ♯ ♭ ⋯, then the note values, issue 35), Submit in reach.
 */
async function checkBars(page: Page, width: number, height: number) {
  const toolbar = page.getByRole('toolbar', { name: 'Note entry' });
  const box = await toolbar.boundingBox();
  if (!box) throw new Error('no note toolbar');
  expect(box.height).toBeLessThanOrEqual(100);
  const values = await toolbar.getByRole('group', { name: 'Note value' }).boundingBox();
  expect(values && values.x >= 0 && values.x + values.width <= width && values.height <= 44).toBe(true);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  for (const name of ['Step up', 'Step down', 'Sharpen', 'Flatten', 'More note buttons']) {
    const button = await toolbar.getByRole('button', { name }).boundingBox();
    expect(button && button.x >= 0 && button.x + button.width <= width && button.y >= box.y).toBe(true);
  }
  const submit = await page.getByRole('button', { name: 'Submit', exact: true }).boundingBox();
  expect(submit && submit.y + submit.height <= height && submit.x + submit.width <= width).toBe(true);
  return box;
}

test('on a phone a finger scrolls the page on empty staff, a tap writes in the second system, and the compact toolbar keeps it in sight', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const teacher = await instructorInNewSet(browser, server, COURSE);
  // Students see the set once it is released (a new set is a draft, decision 054).
  await releaseSet(teacher);
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
    chords: BASS.map((B) => ({ B, figures: '', beats: 1 })),
    points: 20,
  });
  await instructor.put(`/api/documents/${doc.id}`, { practice: true });
  await teacher.context().close();
  const path = `/student/course/${courseId}/document/${doc.id}`;

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  await phone.goto('/sign-in');
  await signInThroughForm(phone, DEMO.student);
  await expect(phone).not.toHaveURL(/\/sign-in/);
  await phone.goto(path);
  // Twelve quarter chords in 4/4 at 375 px: a measure a system, three systems.
  await expect(phone.locator('svg[data-system="2"]')).toBeVisible({ timeout: 30_000 });
  await expect(phone.locator('svg[data-system="3"]')).toHaveCount(0);
  const cell = (id: string) => phone.locator(`[data-cell="${id}"]`);
  const touch = finger(await context.newCDPSession(phone));
  const toolbar = await checkBars(phone, 375, 667);
  await phone.screenshot({ path: '/tmp/part-writing-phone-375x667-top.png' });

  // A finger dragged up on empty staff (chord 1, between the staves) scrolls the page and writes nothing.
  await phone
    .locator('svg[data-system="0"]')
    .evaluate((svg: { scrollIntoView(options: object): void }) => svg.scrollIntoView({ block: 'center' }));
  const empty = await spot(phone, 0, 1, 'S', 'C4');
  expect(empty.y).toBeLessThan(toolbar.y);
  const before = await scrollY(phone);
  await touch(Array.from({ length: 9 }, (_, i) => ({ x: empty.x, y: empty.y - i * 25 })));
  await expect.poll(() => scrollY(phone)).toBeGreaterThan(before + 100);
  for (const id of ['1S', '1A', '1T']) await expect(cell(id)).toHaveText('—');
  // (An empty voice's place to write is there, unseen, but no note.)
  await expect(
    phone.locator('svg [data-note$="S"][data-pitch], svg [data-note$="A"][data-pitch], svg [data-note$="T"][data-pitch]'),
  ).toHaveCount(0);

  // The second system (chords 5–8): the soprano chosen, a tap at E5 in chord 5 writes it.
  await phone.getByRole('group', { name: 'Voice to write on the staff' }).getByRole('button', { name: 'Soprano' }).tap();
  await phone
    .locator('svg[data-system="1"]')
    .evaluate((svg: { scrollIntoView(options: object): void }) => svg.scrollIntoView({ block: 'start' }));
  const at = await spot(phone, 1, 5, 'S', 'E5');
  await phone.touchscreen.tap(at.x, at.y);
  await expect(cell('5S')).toHaveText('E5');
  await expect(phone.locator('svg[data-system="1"] [data-note="5S"]')).toHaveAttribute('data-pitch', 'E5');
  // A tap on the note picks it up unchanged; the chord's whole column is above the toolbar.
  const written = await spot(phone, 1, 5, 'S', 'E5');
  await phone.touchscreen.tap(written.x, written.y);
  await expect(cell('5S')).toHaveText('E5');
  await expect(phone.getByTestId('pointer-selected')).toHaveText('5 S: E5');
  const column = async () => phone.locator('svg[data-system="1"] [data-column="5"]').boundingBox();
  const bar = await phone.getByRole('toolbar', { name: 'Note entry' }).boundingBox();
  expect(((await column())?.y ?? 0) + ((await column())?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + 1);
  // The toolbar steps it; its letters fold out in a second row and fold away again.
  await phone.getByRole('button', { name: 'Step down' }).tap();
  await expect(cell('5S')).toHaveText('D5');
  await phone.getByRole('button', { name: 'More note buttons' }).tap();
  await phone.getByRole('button', { name: 'Note C', exact: true }).tap();
  await expect(cell('5S')).toHaveText('C5');
  await phone.screenshot({ path: '/tmp/part-writing-phone-375x667-open.png' });
  await phone.getByRole('button', { name: 'More note buttons' }).tap();
  await expect(phone.getByRole('button', { name: 'Note C', exact: true })).toBeHidden();

  // The grid selects the third system's chord 10: its staff column comes into sight above the toolbar.
  await phone.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await cell('10S').tap();
  await expect(phone.getByTestId('pointer-selected')).toHaveText('10 S: —');
  await expect
    .poll(async () => {
      const box = await phone.locator('svg[data-system="2"] [data-column="10"]').boundingBox();
      const toolbarBox = await phone.getByRole('toolbar', { name: 'Note entry' }).boundingBox();
      return box && toolbarBox ? box.y >= 0 && box.y + box.height <= toolbarBox.y + 1 : false;
    })
    .toBe(true);
  await phone.screenshot({ path: '/tmp/part-writing-phone-375x667-third.png' });
  const width = await phone.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width).toBeLessThanOrEqual(375);
  await expectAccessible(phone);

  // 375 × 812: the same, and a finger drag on the third system's empty staff scrolls back up.
  await phone.setViewportSize({ width: 375, height: 812 });
  await checkBars(phone, 375, 812);
  await phone
    .locator('svg[data-system="2"]')
    .evaluate((svg: { scrollIntoView(options: object): void }) => svg.scrollIntoView({ block: 'center' }));
  const low = await spot(phone, 2, 11, 'S', 'C4');
  const down = await scrollY(phone);
  expect(down).toBeGreaterThan(50);
  await touch(Array.from({ length: 7 }, (_, i) => ({ x: low.x, y: low.y + i * 20 })));
  await expect.poll(() => scrollY(phone)).toBeLessThan(down - 50);
  await expect(cell('11S')).toHaveText('—');
  // A finger held still on empty staff picks up a note there (chord 12's soprano, C5) and drags it
  // two steps up to E5 while the page stays where it is.
  await phone.getByRole('group', { name: 'Voice to write on the staff' }).getByRole('button', { name: 'Soprano' }).tap();
  await phone
    .locator('svg[data-system="2"]')
    .evaluate((svg: { scrollIntoView(options: object): void }) => svg.scrollIntoView({ block: 'center' }));
  const hold = await spot(phone, 2, 12, 'S', 'C5');
  const still = await scrollY(phone);
  const session = await context.newCDPSession(phone);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: hold.x, y: hold.y, id: 1 }] });
  await expect(cell('12S')).toHaveText('C5');
  for (let i = 1; i <= 4; i++)
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: hold.x, y: hold.y - (hold.step * i) / 2, id: 1 }],
    });
  await expect(cell('12S')).toHaveText('E5');
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  expect(await scrollY(phone)).toBe(still);
  await phone.screenshot({ path: '/tmp/part-writing-phone-375x812.png' });
  await context.close();

  // At 1280 px the toolbar is open, letters and all, in one piece under the grid.
  const wide = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await wide.newPage();
  await page.goto('/sign-in');
  await signInThroughForm(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(path);
  await expect(page.locator('svg[data-system="0"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Note C', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More note buttons' })).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: '/tmp/part-writing-phone-1280.png', fullPage: true });
  await Promise.all([wide.close(), instructor.dispose()]);
});
