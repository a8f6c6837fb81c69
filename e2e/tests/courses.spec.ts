import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

const DAY_MS = 24 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value some days ahead (the form reads it in the profile time zone). */
function dateInput(daysFromNow: number, hour = 10): string {
  const d = new Date(Date.now() + daysFromNow * DAY_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(hour)}:00`;
}

let counter = 0;
/** A title no other journey uses, so each journey works on its own courses. */
function uniqueTitle(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

async function openCardMenu(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  return page.getByRole('menu');
}

/** Creates a course from the dashboard and gives it a title; leaves the browser on its settings page. */
async function createCourse(page: Page, title: string): Promise<number> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create New Course' }).click();
  await expect(page).toHaveURL(/\/course\/\d+\/settings#course_created$/);
  await expect(page.getByText('New course created!')).toBeVisible();
  await page.getByLabel('Course title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Course settings saved.')).toBeVisible();
  return Number(/\/course\/(\d+)\//.exec(page.url())?.[1]);
}

async function instructorCourseTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: /^As Instructor/ })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

test.describe('courses', () => {
  test('an instructor creates a course, fills its settings, saves and activates it', async ({ page, login }) => {
    await login('instructor');
    const title = uniqueTitle('Species Counterpoint');
    await createCourse(page, title);

    await page.getByLabel('School', { exact: true }).selectOption({ label: 'Harmony Conservatory of Music' });
    await page.getByLabel('Academic term', { exact: true }).selectOption({ label: 'Fall' });
    await page.getByLabel('Year').fill('2031');
    await page.getByLabel('Start date').fill(dateInput(3));
    await page.getByLabel('End date', { exact: true }).fill(dateInput(93));
    await page.getByLabel('Enrollment end date').fill(dateInput(10));
    await page.getByRole('radio', { name: 'Free to join' }).check();
    await page.getByRole('radio', { name: 'I64' }).check();
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/courses/'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);

    // The saved settings come back from the server after a reload.
    await page.reload();
    await expect(page.getByLabel('School', { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel('Start date')).toHaveValue(dateInput(3));
    await expect(page.getByRole('radio', { name: 'I64' })).toBeChecked();

    await page.getByRole('button', { name: 'Activate Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate Course' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Course activated!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate Course' })).toBeHidden();
    // Activation locks school, term, fee paid by and the course dates.
    await expect(page.getByLabel('School', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Start date')).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Students pay' })).toBeDisabled();
    await expect(page.getByLabel('Enrollment end date')).toBeEnabled();

    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(card(page, title)).toContainText('Active');
    await expect(card(page, title)).toContainText('Fall 2031');
    await expect(card(page, title)).toContainText('Harmony Conservatory of Music');
  });

  test('an instructor archives a planning course and unarchives it', async ({ page, login }) => {
    await login('instructor');
    const title = uniqueTitle('Keyboard Harmony');
    await createCourse(page, title);
    await page.goto('/');

    await (await openCardMenu(page, title)).getByRole('menuitem', { name: 'Archive' }).click();
    await expect(toast(page, 'Course archived.')).toBeVisible();
    await expect(card(page, title)).toBeHidden();

    await page.getByRole('link', { name: 'Archived Courses' }).click();
    await expect(page).toHaveURL(/\/archived-courses$/);
    await expect(card(page, title)).toBeVisible();
    await (await openCardMenu(page, title)).getByRole('menuitem', { name: 'Unarchive' }).click();
    await expect(toast(page, 'Course moved back to active courses.')).toBeVisible();
    await expect(card(page, title)).toBeHidden();

    await page.getByRole('link', { name: 'Active Courses' }).click();
    await expect(card(page, title)).toBeVisible();
  });

  test('an instructor duplicates the demo course with a new start date and finds its sets in the copy', async ({ page, login }) => {
    await login('instructor');
    await (await openCardMenu(page, 'Music Theory I')).getByRole('menuitem', { name: 'Duplicate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate Course' });
    await expect(dialog).toContainText('People, submissions, extensions and discussions are not copied.');
    await expect(dialog.getByLabel('Title of the copy')).toHaveValue('Music Theory I (copy)');
    await dialog.getByLabel('Start date').fill(dateInput(30, 9));
    await expect(dialog.getByTestId('duplicate-period')).toContainText(`The copy runs from ${dateInput(30, 9).slice(0, 10)} to`);
    await dialog.screenshot({ path: test.info().outputPath('duplicate-dialog.png') });
    await dialog.getByRole('button', { name: 'Duplicate' }).click();

    await expect(toast(page, 'Course duplicated.')).toBeVisible();
    await expect(page).toHaveURL(/\/course\/\d+\/settings$/);
    const copyId = Number(/\/course\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.getByLabel('Course title')).toHaveValue('Music Theory I (copy)');
    await expect(page.getByLabel('Start date')).toHaveValue(dateInput(30, 9));
    await expect(page.getByText('Planning', { exact: true })).toBeVisible();

    await page.goto('/');
    const copy = card(page, 'Music Theory I (copy)');
    await expect(copy).toBeVisible();
    await expect(copy).toContainText(dateInput(30, 9).slice(0, 10));
    await copy.getByRole('link', { name: 'Music Theory I (copy)' }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${copyId}$`));
    await expect(page.getByRole('heading', { name: '1. Week 1: Diatonic Harmony in Major' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Week 2: Minor Keys' })).toBeVisible();
    const week1 = page.getByRole('article', { name: /Week 1: Diatonic Harmony in Major/ });
    await week1.getByRole('button', { name: 'Documents (3)' }).click();
    await expect(week1.getByRole('button', { name: 'Preview Major Phrase 2 (G major)' })).toBeVisible();

    // The copy has no people but its instructor.
    await page.goto(`/course/${copyId}/people`);
    await expect(page.getByText('Fanny')).toHaveCount(0);
  });

  test('from the keyboard: Tab to a card menu, Enter, arrow to an item, Enter opens its dialog, Escape returns to the menu button', async ({
    page,
    login,
  }) => {
    await login('instructor');
    const course = card(page, 'Music Theory I');
    const trigger = page.getByRole('button', { name: 'Actions for Music Theory I', exact: true });
    await course.getByRole('link', { name: 'Music Theory I', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Info' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Grade Book' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Duplicate Course' });
    await expect(dialog).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // The menu opens again from its button, and Escape closes it back onto the button.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Info' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('an instructor deletes a planning course after confirming', async ({ page, login }) => {
    await login('instructor');
    const title = uniqueTitle('Sight Singing');
    await createCourse(page, title);
    await page.goto('/');

    await (await openCardMenu(page, title)).getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Course' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Course deleted.')).toBeVisible();
    await expect(card(page, title)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  });

  test('an instructor drags a course to a new place and the order survives a reload', async ({ page, login }) => {
    await login('instructor');
    const first = uniqueTitle('Modal Counterpoint');
    const second = uniqueTitle('Chromatic Harmony');
    await createCourse(page, first);
    await createCourse(page, second);
    await page.goto('/');
    await expect(page.getByText('You can reorder courses by dragging the arrows.')).toBeVisible();

    // New courses go to the top: the second one comes first.
    const titles = await instructorCourseTitles(page);
    expect(titles.indexOf(second)).toBe(0);
    expect(titles.indexOf(first)).toBe(1);

    // Drag the first course's arrows onto the second course's place.
    const from = await page.getByRole('button', { name: `Reorder ${first}`, exact: true }).boundingBox();
    const to = await page.getByRole('button', { name: `Reorder ${second}`, exact: true }).boundingBox();
    if (!from || !to) throw new Error('drag handles are not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();

    await expect.poll(async () => (await instructorCourseTitles(page)).slice(0, 2)).toEqual([first, second]);
    await page.reload();
    await expect.poll(async () => (await instructorCourseTitles(page)).slice(0, 2)).toEqual([first, second]);

    // The keyboard works too: pick up with Space, move with an arrow key, drop with Space.
    await page.getByRole('button', { name: `Reorder ${first}`, exact: true }).focus();
    // The screen-reader announcements tell when the sensor is ready for the next key.
    await page.keyboard.press('Space');
    await expect(page.getByText(`${first} moved to position 1 of`)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${first} moved to position 2`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await instructorCourseTitles(page)).slice(0, 2)).toEqual([second, first]);
    await page.reload();
    await expect.poll(async () => (await instructorCourseTitles(page)).slice(0, 2)).toEqual([second, first]);
  });

  test('the settings of an ended course send the instructor to its information', async ({ page, login }) => {
    await login('instructor');
    await page.getByRole('link', { name: 'Aural Skills', exact: true }).click();
    await expect(page).toHaveURL(/\/course\/\d+$/);
    const courseId = /\/course\/(\d+)/.exec(page.url())?.[1];
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto(`/course/${courseId}/settings`);
    await expect(toast(page, 'Course has ended.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/info$`));
    await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  });

  test('a student sees the student information page with the fee line', async ({ page, login }) => {
    await login('student');
    await expect(page.getByRole('button', { name: 'Create New Course' })).toHaveCount(0);
    const group = page.getByRole('region', { name: /^As Student/ });
    // The card's title opens the student grade book; the course menu leads on to the information.
    await group.getByRole('link', { name: 'Music Theory I', exact: true }).click();
    await expect(page).toHaveURL(/\/student\/course\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Grade Book', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Course menu' }).getByRole('link', { name: 'Course Information' }).click();
    await expect(page).toHaveURL(/\/student\/course\/\d+\/info$/);
    await expect(page.getByRole('heading', { name: 'Course Information' })).toBeVisible();
    await expect(page.getByText('Fee Paid By Students:')).toBeVisible();
    await expect(page.getByText('$ 25.00 USD per student (Harmony Course License)')).toBeVisible();
    await expect(page.getByText('Harmony Conservatory of Music')).toBeVisible();
    await expect(page.getByText('Schumann, Clara')).toBeVisible();
    // The demo student has not paid: the fee action is offered (paying is the integrations journey).
    await expect(page.getByRole('button', { name: 'Click here to pay your course fee.' })).toBeEnabled();
    await expect(page.getByRole('navigation', { name: 'Course menu' }).getByRole('link', { name: 'Course Information' })).toBeVisible();

    // The instructor pages of the same course are not for a student.
    const courseId = /\/course\/(\d+)\//.exec(page.url())?.[1];
    await page.goto(`/course/${courseId}/info`);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'You are not an instructor of this course.')).toBeVisible();
  });

  test('a TA sees no Settings or Delete in the card menu', async ({ page, login }) => {
    await login('ta');
    await expect(page.getByRole('button', { name: 'Create New Course' })).toHaveCount(0);
    const group = page.getByRole('region', { name: /^As TA/ });
    await expect(group.getByRole('article', { name: 'Music Theory I', exact: true })).toBeVisible();
    const menu = await openCardMenu(page, 'Music Theory I');
    await expect(menu.getByRole('menuitem', { name: 'Info' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Info' }).click();
    await expect(page).toHaveURL(/\/course\/\d+\/info$/);
    await expect(page.getByText('Fee Paid By Students:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);

    // Settings of a course the TA may not edit send them back to the information page.
    const courseId = /\/course\/(\d+)\//.exec(page.url())?.[1];
    await page.goto(`/course/${courseId}/settings`);
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/info$`));
  });
});
