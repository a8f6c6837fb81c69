// First load of the web app (issue 15): the JavaScript /sign-in and the dashboard download (on the
// wire, and gzip-compressed as the budget counts it), and their timings in headless Chromium, plain
// and throttled like Lighthouse's mobile profile (4× CPU, 150 ms round trips, 1.6 Mbit/s). Needs
// `npm run build`. BENCH_WEB_URL measures a server already running (with the demo data) instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { median, record } from './budget.ts';

// BENCH_WEB_DIST measures a build in another directory (e.g. a private `vite build --outDir`).
const webDist = process.env.BENCH_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');

type Load = {
  jsFiles: number;
  jsWire: number;
  jsRaw: number;
  jsGzip: number;
  wire: number;
  fcp: number;
  lcp: number;
  ready: number;
  dataStart: number;
};

/** What the page scripts below read; the benchmarks compile without the DOM library. */
type PageGlobals = {
  PerformanceObserver: new (
    callback: (list: { getEntries: () => { startTime: number }[] }) => void,
  ) => { observe: (options: { type: string; buffered: boolean }) => void };
};

async function signIn(address: string) {
  const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
  const response = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
  });
  return { token: response.headers.get('x-access-token') ?? '', expire: response.headers.get('x-token-expire') ?? '' };
}

/** One cold load of `url` in a fresh context: what it downloaded and when it showed `ready`. */
async function coldLoad(context: BrowserContext, address: string, url: string, ready: string, throttled: boolean): Promise<Load> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  const scripts: { url: string; wire: number; raw: number; gzip: number }[] = [];
  let wire = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        wire += sizes.responseBodySize + sizes.responseHeadersSize;
        if (request.resourceType() !== 'script') return;
        const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
        scripts.push({ url: request.url(), wire: sizes.responseBodySize, raw: body.length, gzip: zlib.gzipSync(body).length });
      })(),
    );
  });
  const started = performance.now();
  await page.goto(`${address}${url}`, { waitUntil: 'commit' });
  await page.waitForSelector(ready, { state: 'visible', timeout: 120_000 });
  const shown = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const timings = await page.evaluate(async () => {
    const { PerformanceObserver } = globalThis as unknown as PageGlobals;
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      setTimeout(() => resolve(0), 1000);
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const data = performance.getEntriesByType('resource').find((entry) => /\/api\/users(\?|$)/.test(entry.name));
    return { fcp, lcp, dataStart: data ? data.startTime : -1 };
  });
  await page.close();
  const sum = (key: 'wire' | 'raw' | 'gzip') => scripts.reduce((total, script) => total + script[key], 0);
  return { jsFiles: scripts.length, jsWire: sum('wire'), jsRaw: sum('raw'), jsGzip: sum('gzip'), wire, ready: shown, ...timings };
}

export async function runWebBenchmarks() {
  let address = process.env.BENCH_WEB_URL ?? '';
  let close = async () => {};
  if (!address) {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      console.log('Web first load: skipped (run `npm run build` first).');
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-web-'));
    const web = path.join(dataDir, 'web');
    fs.cpSync(webDist, web, { recursive: true });
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', WEB_DIST: web }));
    await seedDemoData(app.deps, app.services);
    address = await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const session = await signIn(address);
    const host = new URL(address).hostname;
    const pages = [
      { name: 'sign-in', url: '/sign-in', ready: 'button[type="submit"]', signedIn: false },
      { name: 'dashboard', url: '/', ready: 'main h2, main [role="tab"]', signedIn: true },
    ];
    console.log(
      'Page        profile    JS files  JS wire KB  JS gzip KB  JS raw KB  all wire KB  FCP ms  LCP ms  shown ms  /api/users starts ms',
    );
    for (const throttled of [false, true]) {
      for (const target of pages) {
        const runs: Load[] = [];
        for (let run = 0; run < 3; run++) {
          const context = await browser.newContext({ viewport: throttled ? { width: 412, height: 823 } : { width: 1350, height: 940 } });
          if (target.signedIn) {
            await context.addCookies([
              { name: 'access_token', value: session.token, domain: host, path: '/' },
              { name: 'token_expire', value: session.expire, domain: host, path: '/' },
            ]);
          }
          runs.push(await coldLoad(context, address, target.url, target.ready, throttled));
          await context.close();
        }
        const m = (key: keyof Load) => median(runs.map((r) => r[key]));
        const kb = (bytes: number) => (bytes / 1024).toFixed(0).padStart(10);
        const profile = throttled ? 'mobile-ish' : 'desktop';
        console.log(
          `${target.name.padEnd(11)} ${profile.padEnd(10)} ${String(m('jsFiles')).padStart(8)} ${kb(m('jsWire'))}  ${kb(m('jsGzip'))} ${kb(m('jsRaw'))}   ${kb(m('wire'))}  ${m('fcp').toFixed(0).padStart(6)}  ${m('lcp').toFixed(0).padStart(6)}  ${m('ready').toFixed(0).padStart(8)}  ${target.signedIn ? m('dataStart').toFixed(0).padStart(8) : '       -'}`,
        );
        const key = target.name === 'sign-in' ? 'signin' : 'dashboard';
        if (!throttled) {
          record(`web.first_load_js_gzip_kb.${key}`, m('jsGzip') / 1024, 'KB', { max: key === 'signin' ? 150 : 200 });
          record(`web.first_load_js_wire_kb.${key}`, m('jsWire') / 1024, 'KB', { max: key === 'signin' ? 150 : 200 });
          if (target.signedIn) record('web.dashboard_data_start_ms', m('dataStart'), 'ms');
        } else {
          record(`web.lcp_mobile_ms.${key}`, m('lcp'), 'ms', { max: 2500 });
        }
      }
    }
    // The key: the larger of the two first loads.
  } finally {
    await browser.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBenchmarks();
