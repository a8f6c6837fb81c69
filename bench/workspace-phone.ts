// The workspace of a long chorale on a phone-class CPU: the longest chorale of the shared corpus as
// an exercise, opened by the demo student at 375×812 with Chromium's CPU slowed 4× — "Open" → the
// first field focused and visible (median of 5), and each keystroke in that field → the next frame
// (median and 90th percentile of 40 keys). Needs `npm run build` and the corpus at
// ../shared/corpora/bach-chorales (skipped without either).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { median, record } from './budget.ts';
import { api, signedInContext, signIn, timeOpen } from './workspace.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = process.env.BENCH_WEB_DIST ?? path.resolve(here, '../packages/web/dist');
const corpus = process.env.BENCH_CORPUS ?? path.resolve(here, '../../shared/corpora/bach-chorales');
const PHONE = { width: 375, height: 812 };
const TITLE = 'Bench Phone Chorale';
const THROTTLE = 4;
const KEYS = 40;

/** What the page scripts below read; the benchmarks compile without the DOM library. */
type KeyGlobals = {
  keyLatencies: number[];
  addEventListener(type: 'keydown', listener: (event: { timeStamp: number }) => void, capture: boolean): void;
  requestAnimationFrame(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): void;
  performance: { now(): number };
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** Each keystroke's time from its keydown event to the frame after it (what the student waits for), ms. */
async function timeKeys(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = globalThis as unknown as KeyGlobals;
    w.keyLatencies = [];
    w.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        w.requestAnimationFrame(() => w.setTimeout(() => w.keyLatencies.push(w.performance.now() - started), 0));
      },
      true,
    );
  });
  for (let key = 0; key < KEYS; key++) {
    await page.keyboard.press(key % 2 === 0 ? 'V' : 'Backspace');
    await page.waitForFunction((n) => (globalThis as unknown as KeyGlobals).keyLatencies.length > n, key, { polling: 'raf' });
    await page.waitForTimeout(60);
  }
  return page.evaluate(() => (globalThis as unknown as KeyGlobals).keyLatencies);
}

export async function runWorkspacePhoneBenchmark() {
  const manifestFile = path.join(corpus, 'manifest.json');
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(manifestFile)) {
    console.log('Workspace on a phone: skipped (needs `npm run build` and the chorale corpus).');
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as
    | { number: number; labels: number; score_file: string }[]
    | { chorales: { number: number; labels: number; score_file: string }[] };
  const chorales = Array.isArray(manifest) ? manifest : manifest.chorales;
  const longest = [...chorales].sort((a, b) => b.labels - a.labels)[0];
  if (!longest) return;
  const scoreFile = path.join(corpus, longest.score_file);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-workspace-phone-'));
  const web = path.join(dataDir, 'web');
  fs.cpSync(webDist, web, { recursive: true });
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', WEB_DIST: web }));
  await seedDemoData(app.deps, app.services);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const teacher = await signIn(address, 'instructor@example.com');
    const student = await signIn(address, 'student@example.com');
    const me = await api<{ course_instructors: { id: number; title: string }[] }>(address, teacher, 'GET', '/api/users');
    const course = me.course_instructors.find((c) => c.title === 'Music Theory I') ?? me.course_instructors[0];
    if (!course) throw new Error('the demo instructor has no course');
    const set = await api<{ id: number }>(address, teacher, 'POST', `/api/courses/${course.id}/assignments`, { title: 'Bench phone set' });

    // The exercise saved as Save Exercise saves it, every chord keyed 'I'.
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(scoreFile)]), longest.score_file);
    const draft = await api<{ id: number; positions: { id: string }[] }>(
      address,
      teacher,
      'POST',
      `/api/exercise-drafts?course_id=${course.id}`,
      form,
    );
    await api(address, teacher, 'POST', `/api/exercise-drafts/${draft.id}/exercise`, {
      title: TITLE,
      items: draft.positions.map((p) => ({ id: p.id, answers: ['I'], points: 1 })),
      assignment_set_id: set.id,
    });

    // The very first open lays the score out on the server: done once, not timed.
    const assignments = `${address}/student/course/${course.id}/assignments`;
    const firstContext = await signedInContext(browser, address, student, PHONE);
    await timeOpen(await firstContext.newPage(), assignments, TITLE);
    await firstContext.close();

    const opens: number[] = [];
    const keys: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await signedInContext(browser, address, student, PHONE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      opens.push((await timeOpen(page, assignments, TITLE)).total);
      // Typed into the focused field (chord 1) in the first two runs.
      if (run < 2) keys.push(...(await timeKeys(page)));
      await context.close();
    }
    console.log(`Chorale ${longest.number} (${longest.score_file}, ${draft.positions.length} positions), 375×812, CPU ${THROTTLE}× slower`);
    console.log(
      `  Open → first field focused (median of 5): ${median(opens).toFixed(0)} ms  [${opens.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  keystroke → next frame (${keys.length} keys): median ${median(keys).toFixed(0)} ms, 90th percentile ${percentile(keys, 0.9).toFixed(0)} ms`,
    );
    record('workspace.phone_open_first_field_ms', median(opens), 'ms');
    record('workspace.phone_key_to_frame_ms', median(keys), 'ms');
    record('workspace.phone_key_to_frame_p90_ms', percentile(keys, 0.9), 'ms');
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWorkspacePhoneBenchmark();
