// Load figures for the account endpoints on the embedded setup: requests per second and latency.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';

export async function runAccountBenchmarks() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '1000000' }),
  );
  await seedDemoData(app.deps, app.services);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const csrfRes = await fetch(`${address}/api/csrf`);
  const csrf = ((await csrfRes.json()) as { data: { csrf_token: string } }).data.csrf_token;
  const unsafeHeaders = { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf };
  const signIn = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: unsafeHeaders,
    body: JSON.stringify({ email: 'student@example.com', password: 'DemoPass123' }),
  });
  const token = signIn.headers.get('x-access-token');

  async function measure(title: string, options: autocannon.Options) {
    const result = await autocannon({ connections: 10, duration: 5, ...options });
    const rps = Math.round(result.requests.average);
    console.log(
      `${title.padEnd(40)} ${String(rps).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.non2xx + result.errors}`,
    );
  }

  console.log(`Harmony Dashboard benchmarks (SQLite, ${os.cpus().length} cores, 10 connections, 5 s each)`);
  await measure('GET /api/languages (public)', { url: `${address}/api/languages` });
  await measure('GET /api/users (signed in)', { url: `${address}/api/users`, headers: { authorization: `Bearer ${token}` } });
  await measure('POST /api/users/sign-in (Argon2id)', {
    url: `${address}/api/users/sign-in`,
    method: 'POST',
    headers: unsafeHeaders,
    body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
    connections: 4,
  });
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
