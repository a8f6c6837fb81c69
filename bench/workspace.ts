// Real scores (issue 24): for the longest chorale of the shared corpus (by its analysis's labels),
// "Open" → the workspace's first field focused and visible (median of 5, cold: a fresh browser with
// nothing cached; warm: the same browser again), and "file chosen" → Create Exercise's editor
// editable (median of 3), in headless Chromium at 1280×800. Needs `npm run build` and the corpus at
// ../shared/corpora/bach-chorales (skipped without either).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { median, record } from './budget.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = process.env.BENCH_WEB_DIST ?? path.resolve(here, '../packages/web/dist');
const corpus = process.env.BENCH_CORPUS ?? path.resolve(here, '../../shared/corpora/bach-chorales');
const VIEWPORT = { width: 1280, height: 800 };
const TITLE = 'Bench Longest Chorale';

export type Session = { token: string; expire: string; csrf: string };

/** What the page scripts below read; the benchmarks compile without the DOM library. */
type PageGlobals = {
  document: {
    activeElement: {
      id: string;
      getBoundingClientRect(): { left: number; top: number; width: number; height: number; bottom: number };
    } | null;
    elementFromPoint(x: number, y: number): unknown;
  };
  innerHeight: number;
};

export async function signIn(address: string, email: string): Promise<Session> {
  const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
  const response = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body: JSON.stringify({ email, password: 'DemoPass123' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return { token: response.headers.get('x-access-token') ?? '', expire: response.headers.get('x-token-expire') ?? '', csrf };
}

export async function api<T>(address: string, session: Session, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${address}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      cookie: `csrftoken=${session.csrf}`,
      'x-csrftoken': session.csrf,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function signedInContext(browser: Browser, address: string, session: Session, viewport = VIEWPORT) {
  const context = await browser.newContext({ viewport });
  const host = new URL(address).hostname;
  await context.addCookies([
    { name: 'access_token', value: session.token, domain: host, path: '/' },
    { name: 'token_expire', value: session.expire, domain: host, path: '/' },
  ]);
  return context;
}

/**
 * From the click on "Open" to chord 1's field focused, fully in the window and the element at its
 * own centre; and, of that, until the workspace's answer had arrived.
 */
export async function timeOpen(page: Page, assignmentsUrl: string, title = TITLE): Promise<{ total: number; api: number }> {
  await page.goto(assignmentsUrl);
  const open = page.getByRole('link', { name: `Open ${title}` });
  await open.waitFor({ timeout: 60_000 });
  const started = performance.now();
  let api = 0;
  const answered = page
    .waitForResponse((response) => /\/api\/documents\/\d+\/workspace/.test(response.url()), { timeout: 60_000 })
    .then(async (response) => {
      await response.finished();
      api = performance.now() - started;
    });
  await open.click();
  await page.waitForFunction(
    () => {
      const { document, innerHeight } = globalThis as unknown as PageGlobals;
      const active = document.activeElement;
      if (!active?.id.endsWith('-input')) return false;
      const r = active.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === active;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const total = performance.now() - started;
  await answered;
  return { total, api };
}

export async function runWorkspaceBenchmark() {
  const manifestFile = path.join(corpus, 'manifest.json');
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(manifestFile)) {
    console.log('Real scores: skipped (needs `npm run build` and the chorale corpus).');
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as
    | { number: number; labels: number; score_file: string }[]
    | { chorales: { number: number; labels: number; score_file: string }[] };
  const chorales = Array.isArray(manifest) ? manifest : manifest.chorales;
  const longest = [...chorales].sort((a, b) => b.labels - a.labels)[0];
  if (!longest) return;
  const scoreFile = path.join(corpus, longest.score_file);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-workspace-'));
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
    const set = await api<{ id: number }>(address, teacher, 'POST', `/api/courses/${course.id}/assignments`, { title: 'Bench set' });

    // One upload first, untimed: a running server has its score workers started and Verovio loaded.
    const warmUp = new FormData();
    warmUp.append('file', new Blob([fs.readFileSync(scoreFile)]), longest.score_file);
    // (On a machine this busy the very first can run out of the pool's time while Verovio loads: go on.)
    await api(address, teacher, 'POST', `/api/exercise-drafts?course_id=${course.id}`, warmUp).catch((error: unknown) =>
      console.log(`  warm-up upload: ${error instanceof Error ? error.message : String(error)}`),
    );

    // "File chosen" → the editor editable, in Create Exercise (median of 3).
    const editorTimes: number[] = [];
    const draftTimes: number[] = [];
    for (let run = 0; run < 3; run++) {
      const context = await signedInContext(browser, address, teacher);
      const page = await context.newPage();
      await page.goto(`${address}/course/${course.id}/assignment/${set.id}`);
      await page.getByRole('button', { name: 'Create Exercise' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Exercise' });
      const input = dialog.getByLabel('Score (MusicXML)');
      await input.waitFor({ state: 'attached' });
      const started = performance.now();
      const drafted = page
        .waitForResponse((response) => /\/api\/exercise-drafts\?/.test(response.url()), { timeout: 180_000 })
        .then(async (response) => {
          await response.finished();
          return performance.now() - started;
        });
      await input.setInputFiles(scoreFile);
      const first = dialog.getByLabel('Answer for chord 1', { exact: true });
      await first.waitFor({ state: 'visible', timeout: 180_000 });
      await page.waitForFunction(() => true, undefined, { polling: 'raf' });
      if (!(await first.isEditable())) throw new Error('chord 1 is not editable');
      editorTimes.push(performance.now() - started);
      draftTimes.push(await drafted);
      await context.close();
    }

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

    // "Open" → first field focused and visible. The very first open lays the score out on the server.
    const assignments = `${address}/student/course/${course.id}/assignments`;
    const firstContext = await signedInContext(browser, address, student);
    const firstOpen = (await timeOpen(await firstContext.newPage(), assignments)).total;
    await firstContext.close();
    const cold: number[] = [];
    const warm: number[] = [];
    const coldApi: number[] = [];
    const warmApi: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await signedInContext(browser, address, student);
      const page = await context.newPage();
      const first = await timeOpen(page, assignments);
      const again = await timeOpen(page, assignments);
      cold.push(first.total);
      coldApi.push(first.api);
      warm.push(again.total);
      warmApi.push(again.api);
      await context.close();
    }
    console.log(`Chorale ${longest.number} (${longest.score_file}, ${longest.labels} labels, ${draft.positions.length} positions)`);
    console.log(
      `  file chosen → editable editor (median of 3): ${median(editorTimes).toFixed(0)} ms  [${editorTimes.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(`  of which until the draft's answer arrived: ${median(draftTimes).toFixed(0)} ms`);
    console.log(`  first open ever (the server lays the score out): ${firstOpen.toFixed(0)} ms`);
    console.log(
      `  Open → first field focused, cold (median of 5): ${median(cold).toFixed(0)} ms  [${cold.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  Open → first field focused, warm (median of 5): ${median(warm).toFixed(0)} ms  [${warm.map((t) => t.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  of which until the workspace's answer arrived: cold ${median(coldApi).toFixed(0)} ms, warm ${median(warmApi).toFixed(0)} ms`,
    );
    record('workspace.open_first_field_cold_ms', median(cold), 'ms', { max: 1000 });
    record('workspace.open_first_field_warm_ms', median(warm), 'ms', { max: 1000 });
    record('workspace.first_open_ever_ms', firstOpen, 'ms');
    record('workspace.file_to_editor_ms', median(editorTimes), 'ms', { max: 1500 });
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWorkspaceBenchmark();
