import type { Browser, Page } from '@playwright/test';
import { apiAs, DEMO, expect, type Server, signedInElsewhere, test } from '../fixtures.ts';

/*
 * Two open copies of one exercise (QA Q13, decision 046): a phone and a laptop, or two tabs, never
 * drop each other's answers. The reviewer's steps: B opens, then A; A types I, I, I in chords 1–3
 * and shows "Saved"; B, opened before, types V7 in chord 5 and shows "Saved"; a fresh open must
 * show all four answers. Then B, still behind, hands in: the hand-in carries A's later answer too.
 */

const COURSE = 'Music Theory I';
const EXERCISE = 'Major Phrase 1 (C major)';
const SHOTS = '/tmp/two-copies';

type Answer = { id: string; answer: string };
type WorkspaceData = { items: { id: string }[]; draft: { answers: Answer[]; revision: number } | null; submissions: { items: Answer[] }[] };

async function exercise(server: Server) {
  const student = await apiAs(server, DEMO.student);
  const user = await student.get<{ course_students: { id: number; title: string }[] }>('/api/users');
  const course = user.course_students.find((c) => c.title === COURSE);
  if (!course) throw new Error(`${COURSE} is not the student's`);
  const sets = await student.get<{ documents: { id: number; title: string }[] }[]>(`/api/courses/${course.id}/assignments`);
  const doc = sets.flatMap((s) => s.documents).find((d) => d.title === EXERCISE);
  if (!doc) throw new Error(`no document ${EXERCISE}`);
  // A known start whatever ran before on this server: no answers in the draft (no base: as an old client).
  await student.put(`/api/documents/${doc.id}/draft`, { answers: [] });
  return { student, url: `/student/course/${course.id}/document/${doc.id}`, documentId: doc.id };
}

const chord = (page: Page, n: number) => page.getByRole('textbox', { name: `Chord ${n}`, exact: true });
const saveStatus = (page: Page) => page.getByTestId('save-status');

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(chord(page, 5)).toBeVisible({ timeout: 30_000 });
}

async function type(page: Page, n: number, label: string) {
  await chord(page, n).click();
  await chord(page, n).fill(label);
}

/** A fresh open at another browser: what the server keeps. */
async function freshValues(browser: Browser, server: Server, url: string, viewport: { width: number; height: number }) {
  const page = await signedInElsewhere(browser, server, DEMO.student, viewport);
  await open(page, url);
  const values = [];
  for (let n = 1; n <= 6; n++) values.push(await chord(page, n).inputValue());
  return { page, values };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`two open copies of one exercise at ${viewport.width} px (QA Q13)`, () => {
    test('a phone and a laptop: the copy opened first adopts the other’s answers, keeps its own, and hands in both', async ({
      browser,
      server,
    }) => {
      test.setTimeout(180_000);
      const { student, url, documentId } = await exercise(server);
      const b = await signedInElsewhere(browser, server, DEMO.student, viewport);
      await open(b, url);
      const a = await signedInElsewhere(browser, server, DEMO.student, viewport);
      await open(a, url);

      for (const n of [1, 2, 3]) await type(a, n, 'I');
      await expect(saveStatus(a)).toHaveText('Saved', { timeout: 10_000 });
      // B still shows chords 1–3 empty: it has not heard from A.
      await expect(chord(b, 1)).toHaveValue('');

      await type(b, 5, 'V7');
      await expect(b.getByText('Answers saved in another window were added here. Check them before you hand in.')).toBeVisible({
        timeout: 10_000,
      });
      for (const n of [1, 2, 3]) await expect(chord(b, n)).toHaveValue('I');
      await expect(chord(b, 5)).toHaveValue('V7');
      await expect(saveStatus(b)).toHaveText('Saved', { timeout: 10_000 });
      await b.screenshot({ path: `${SHOTS}-${viewport.width}-b-merged.png` });

      const fresh = await freshValues(browser, server, url, viewport);
      expect(fresh.values).toEqual(['I', 'I', 'I', '', 'V7', '']);
      await fresh.page.screenshot({ path: `${SHOTS}-${viewport.width}-fresh.png` });
      await fresh.page.context().close();

      // A, behind B's save now, types chord 6; B, behind A's, hands in at once: the hand-in has chord 6 too.
      await type(a, 6, 'V');
      // A already says "Saved" (from before): wait until the server has A's chord 6 (A merges B's V7 on its way).
      await expect
        .poll(
          async () => {
            const now = await student.get<WorkspaceData>(`/api/documents/${documentId}/workspace`);
            const sixth = now.items[5]?.id;
            return now.draft?.answers.find((entry) => entry.id === sixth)?.answer;
          },
          { timeout: 15_000 },
        )
        .toBe('V');
      // 'Submit again' when the demo student handed this in before.
      await b.getByRole('button', { name: /^Submit( again)?$/ }).click();
      const dialog = b.getByRole('dialog', { name: 'Submit with empty chords?' });
      await dialog.getByRole('button', { name: /^Submit( again)?$/ }).click();
      await expect(b.getByText('Your answers were submitted.')).toBeVisible({ timeout: 20_000 });
      await expect(chord(b, 6)).toHaveValue('V');
      const after = await student.get<WorkspaceData>(`/api/documents/${documentId}/workspace`);
      const handedIn = new Map(after.submissions[0]?.items.map((item) => [item.id, item.answer]));
      const ids = after.items.map((item) => item.id);
      expect([1, 2, 3, 5, 6].map((n) => handedIn.get(ids[n - 1] as string))).toEqual(['I', 'I', 'I', 'V7', 'V']);
      await b.screenshot({ path: `${SHOTS}-${viewport.width}-b-handed-in.png` });
      await a.context().close();
      await b.context().close();
      await student.dispose();
    });

    test('two tabs of one browser keep in step at once, and a fresh open has both tabs’ answers', async ({ browser, server }) => {
      test.setTimeout(120_000);
      const { student, url } = await exercise(server);
      const b = await signedInElsewhere(browser, server, DEMO.student, viewport);
      await open(b, url);
      const a = await b.context().newPage();
      await open(a, url);

      for (const n of [1, 2, 3]) await type(a, n, 'I');
      // The other tab shows them as they are typed (the shared local copy's storage event), before any save.
      for (const n of [1, 2, 3]) await expect(chord(b, n)).toHaveValue('I', { timeout: 5_000 });
      await expect(saveStatus(a)).toHaveText('Saved', { timeout: 10_000 });
      await type(b, 5, 'V7');
      await expect(chord(a, 5)).toHaveValue('V7', { timeout: 5_000 });
      await expect(saveStatus(b)).toHaveText('Saved', { timeout: 10_000 });
      await b.screenshot({ path: `${SHOTS}-${viewport.width}-tab-b.png` });

      const fresh = await freshValues(browser, server, url, viewport);
      expect(fresh.values).toEqual(['I', 'I', 'I', '', 'V7', '']);
      await fresh.page.context().close();
      // And a reload of either tab (its local copy included) shows the same.
      await a.reload();
      await expect(chord(a, 5)).toHaveValue('V7', { timeout: 30_000 });
      for (const n of [1, 2, 3]) await expect(chord(a, n)).toHaveValue('I');
      await b.context().close();
      await student.dispose();
    });
  });
}
