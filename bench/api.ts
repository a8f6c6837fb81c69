// The request hot path (issue 15): requests per second of the dashboard's one call (GET /api/users)
// and of GET /api/courses/{id}, against a bare Fastify route served by the same process in the same
// run, on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL, and the SQL
// statements each runs; and the floor, the lightest route through every hook (GET /api/csrf). Runs
// are interleaved and the medians kept: the machine may be shared.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { median, record } from './budget.ts';

const ROUNDS = 3;
const SECONDS = 3;

async function requestsPerSecond(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function measure(dialect: 'sqlite' | 'postgres', databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-api-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1' };
  const config = loadConfig(env);
  let dropSchema = async () => {};
  if (dialect === 'postgres' && databaseUrl) {
    const schema = `bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    config.databaseUrl = databaseUrl;
    config.databaseSchema = schema;
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    };
  }
  let statements = 0;
  const database = openDatabase(config, { onQuery: () => statements++ });
  const app = await buildApp(config, { database });
  await seedDemoData(app.deps, app.services);
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { ok: true } }));
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
    const signIn = await fetch(`${address}/api/users/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
    });
    const auth = { authorization: `Bearer ${signIn.headers.get('x-access-token') ?? ''}` };
    // As a browser sends it: the CSRF cookie it already holds (so no new one is minted per call) and
    // the encodings it accepts (so the answer is compressed as it would be).
    const browser = { ...auth, cookie: `csrftoken=${csrf}`, 'accept-encoding': 'br, gzip' };
    const user = (await (await fetch(`${address}/api/users`, { headers: auth })).json()) as {
      data: { course_instructors: { id: number }[] };
    };
    const courseId = user.data.course_instructors[0]?.id;
    if (!courseId) throw new Error('the demo instructor has no course');

    // Statements per request, counted on single calls.
    const count = async (url: string) => {
      statements = 0;
      await fetch(url, { headers: auth });
      return statements;
    };
    const usersStatements = await count(`${address}/api/users`);
    const courseStatements = await count(`${address}/api/courses/${courseId}`);

    const rounds = {
      bare: [] as number[],
      floor: [] as number[],
      users: [] as number[],
      course: [] as number[],
      browserUsers: [] as number[],
      browserCourse: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.bare.push(await requestsPerSecond(`${bareAddress}/bare`));
      rounds.floor.push(await requestsPerSecond(`${address}/api/csrf`, { cookie: `csrftoken=${csrf}` }));
      rounds.users.push(await requestsPerSecond(`${address}/api/users`, auth));
      rounds.course.push(await requestsPerSecond(`${address}/api/courses/${courseId}`, auth));
      rounds.browserUsers.push(await requestsPerSecond(`${address}/api/users`, browser));
      rounds.browserCourse.push(await requestsPerSecond(`${address}/api/courses/${courseId}`, browser));
    }
    const result = {
      bare: median(rounds.bare),
      floor: median(rounds.floor),
      users: median(rounds.users),
      course: median(rounds.course),
      browserUsers: median(rounds.browserUsers),
      browserCourse: median(rounds.browserCourse),
    };
    const share = (value: number) => `${((value / result.bare) * 100).toFixed(1)} %`;
    console.log(
      `${dialect.padEnd(8)} bare Fastify ${result.bare.toFixed(0).padStart(6)} req/s | GET /api/users ${result.users.toFixed(0).padStart(5)} req/s (${share(result.users)}, ${usersStatements} statements) | GET /api/courses/{id} ${result.course.toFixed(0).padStart(5)} req/s (${share(result.course)}, ${courseStatements} statements)`,
    );
    // The product's lightest route: every hook a request meets (request id, helmet's headers, cookies,
    // CSRF, compression's check, metrics, the access log) and no session, no database. What the two
    // calls cost beyond it is theirs.
    console.log(
      `${dialect.padEnd(8)} floor: GET /api/csrf with its cookie held (every hook, no session, no database) ${result.floor.toFixed(0).padStart(6)} req/s (${share(result.floor)})`,
    );
    console.log(
      `${dialect.padEnd(8)} as a browser (CSRF cookie held, Accept-Encoding: br, gzip) | GET /api/users ${result.browserUsers.toFixed(0).padStart(5)} req/s (${share(result.browserUsers)}) | GET /api/courses/{id} ${result.browserCourse.toFixed(0).padStart(5)} req/s (${share(result.browserCourse)})`,
    );
    return { ...result, usersStatements, courseStatements };
  } finally {
    await bare.close();
    await app.close();
    await database.destroy();
    await dropSchema();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBenchmarks() {
  console.log(
    `Hot path: ${ROUNDS} interleaved rounds of ${SECONDS} s, 10 connections, medians (${os.cpus().length} cores, load client in the same process)`,
  );
  const sqlite = await measure('sqlite', undefined);
  record('api.users_ratio_to_bare', sqlite.users / sqlite.bare, '×', { min: 0.3 });
  record('api.course_ratio_to_bare', sqlite.course / sqlite.bare, '×', { min: 0.3 });
  record('api.browser_users_ratio_to_bare', sqlite.browserUsers / sqlite.bare, '×', { min: 0.3 });
  record('api.browser_course_ratio_to_bare', sqlite.browserCourse / sqlite.bare, '×', { min: 0.3 });
  record('api.floor_ratio_to_bare', sqlite.floor / sqlite.bare, '×');
  record('api.users_statements', sqlite.usersStatements, 'statements');
  record('api.course_statements', sqlite.courseStatements, 'statements');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).');
    return;
  }
  const postgres = await measure('postgres', url);
  // As the issue counts it: PostgreSQL's requests per second over SQLite's, same calls. The two runs
  // follow each other, so on a shared machine the load may differ between them: each engine's
  // figure is also given relative to the bare route of its own run, which cancels that drift.
  record('api.pg_to_sqlite_users', postgres.users / sqlite.users, '×', { min: 0.8 });
  record('api.pg_to_sqlite_course', postgres.course / sqlite.course, '×', { min: 0.8 });
  record('api.pg_to_sqlite_users_bare_relative', postgres.users / postgres.bare / (sqlite.users / sqlite.bare), '×', { min: 0.8 });
  record('api.pg_to_sqlite_course_bare_relative', postgres.course / postgres.bare / (sqlite.course / sqlite.bare), '×', { min: 0.8 });
  record('api.pg_users_ratio_to_bare', postgres.users / postgres.bare, '×', { min: 0.3 });
  record('api.pg_to_sqlite_browser_users_bare_relative', postgres.browserUsers / postgres.bare / (sqlite.browserUsers / sqlite.bare), '×', {
    min: 0.8,
  });
  record(
    'api.pg_to_sqlite_browser_course_bare_relative',
    postgres.browserCourse / postgres.bare / (sqlite.browserCourse / sqlite.bare),
    '×',
    { min: 0.8 },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runApiBenchmarks();
