import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, test as base, expect, type Page, request } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEMO = {
  instructor: 'instructor@example.com',
  ta: 'ta@example.com',
  student: 'student@example.com',
  password: 'DemoPass123',
} as const;
export type Role = 'instructor' | 'ta' | 'student';

export type Mail = { subject: string; link: string };

export type Server = {
  url: string;
  dataDir: string;
  /**
   * The newest e-mail to an address (the newest that `matches`, if given), with its first link
   * decoded. Mail is sent by a job after the change commits, so this waits for it (up to 15 s).
   */
  mailTo: (email: string, matches?: (mail: Mail) => boolean) => Promise<Mail>;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Starts the real server (as `npm start` does, minus the build) on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-e2e-'));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/api/languages`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async mailTo(email: string, matches: (mail: Mail) => boolean = () => true) {
      const outbox = path.join(dataDir, 'outbox');
      const read = (file: string): Mail => {
        const eml = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
        const link =
          /https?:\/\/[^\s"<>]+/.exec(
            eml
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[0] ?? '';
        const subject = /^Subject: (.*)$/m.exec(eml)?.[1] ?? '';
        return { subject, link: link.replaceAll('&amp;', '&') };
      };
      for (let i = 0; i < 150; i++) {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((f) => f.endsWith('.eml') && f.includes(email))
              .sort()
              .reverse()
          : [];
        const found = files.map(read).find(matches);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${email}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the sign-in screen as a person would. */
export async function signInThroughForm(page: Page, email: string, password: string = DEMO.password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

type Fixtures = { login: (role: Role) => Promise<void> };
type WorkerFixtures = { server: Server };

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  login: async ({ page }, use) => {
    await use(async (role) => {
      await page.goto('/sign-in');
      await signInThroughForm(page, DEMO[role]);
      await expect(page).not.toHaveURL(/\/sign-in/);
    });
  },
});

export { expect };

/** A second person at their own browser, signed in (page errors go to the test's output). */
export async function signedInElsewhere(
  browser: Browser,
  server: Pick<Server, 'url'>,
  email: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`[${email} page error at ${page.url()}] ${error.message}`));
  await page.goto('/sign-in');
  await signInThroughForm(page, email);
  await expect(page).not.toHaveURL(/\/sign-in/);
  return page;
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // A toast still fading in has its text half transparent, which axe reads as low contrast: let
  // finite animations end first (endless ones, such as a spinner, are left running).
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The API as a test device uses it: bearer token and CSRF header on every call; failures fail the test. */
export async function apiAs(server: Pick<Server, 'url'>, email: string, password: string = DEMO.password) {
  const context = await request.newContext({ baseURL: server.url });
  const csrf = ((await (await context.get('/api/csrf')).json()) as { data: { csrf_token: string } }).data.csrf_token;
  const signIn = await context.post('/api/users/sign-in', { headers: { 'X-CSRFToken': csrf }, data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { Authorization: `Bearer ${signIn.headers()['x-access-token']}`, 'X-CSRFToken': csrf };
  const data = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    get: async <T>(path: string) => data<T>(await context.get(path, { headers })),
    post: async <T>(path: string, body: unknown) => data<T>(await context.post(path, { headers, data: body })),
    put: async <T>(path: string, body: unknown) => data<T>(await context.put(path, { headers, data: body })),
    delete: async (path: string) => data<unknown>(await context.delete(path, { headers })),
    upload: async <T>(path: string, name: string, bytes: Uint8Array) =>
      data<T>(
        await context.post(path, {
          headers,
          multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) } },
        }),
      ),
    bytes: async (url: string) => new Uint8Array(await (await context.get(url)).body()),
    dispose: () => context.dispose(),
  };
}

/** The demo instructor at a desktop browser, in a new assignment set of `course` (the set editor open). */
export async function instructorInNewSet(browser: Browser, server: Pick<Server, 'url'>, course: string): Promise<Page> {
  const teacher = await signedInElsewhere(browser, server, DEMO.instructor, { width: 1280, height: 900 });
  await teacher
    .getByRole('region', { name: /^As Instructor/ })
    .getByRole('link', { name: course, exact: true })
    .click();
  await teacher.getByRole('button', { name: 'New Assignment Set' }).click();
  await expect(teacher.getByRole('heading', { name: 'Edit Assignment Set' })).toBeVisible();
  return teacher;
}

/**
 * Releases the set open in the set editor to its students, as an instructor does with the button
 * the editor shows: a new set is a draft students see nothing of until released (decision 054).
 */
export async function releaseSet(teacher: Page): Promise<void> {
  await teacher.getByRole('button', { name: 'Release to students' }).click();
  await expect(teacher.getByRole('button', { name: 'Make it a draft again' })).toBeVisible();
}
