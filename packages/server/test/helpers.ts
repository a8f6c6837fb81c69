import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readHar } from '@app/har/format';
import { buildSampleLibrary } from '@app/har/library/build-library';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DialectName, openDatabase } from '../src/db/database.ts';
import { manualClock } from '../src/lib/clock.ts';
import { type CpuPool, createCpuPool } from '../src/lib/cpu-pool.ts';
import { MAIL_JOB } from '../src/mail/mail-job.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { insertMembership } from '../src/modules/courses/repository.ts';
import { ensureAcademicTerm, ensureSchool } from '../src/modules/reference/repository.ts';
import { findTimezoneId, insertUser } from '../src/modules/users/repository.ts';
import { TEST_DATA_BASE } from './global-setup.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const PASSWORD = 'GoodPass123';

type Json = Record<string, unknown> | unknown[];

/** An HTTP client over app.inject that behaves like the web app: CSRF cookie and header, bearer token. */
export class TestClient {
  private csrf: string | undefined;
  token: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  private async ensureCsrf() {
    if (this.csrf) return this.csrf;
    const res = await this.app.inject({ method: 'GET', url: '/api/csrf', remoteAddress: this.ip });
    this.csrf = (res.json() as { data: { csrf_token: string } }).data.csrf_token;
    return this.csrf;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { body?: Json | string | Buffer; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const cookies: Record<string, string> = {};
    if (method !== 'GET' && options.csrf !== false) {
      const csrf = await this.ensureCsrf();
      cookies.csrftoken = csrf;
      headers['x-csrftoken'] = csrf;
    }
    const payload = options.body;
    if (payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) headers['content-type'] = 'application/json';
    return this.app.inject({
      method,
      url,
      headers,
      cookies,
      remoteAddress: this.ip,
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload) }),
    });
  }

  get = (url: string) => this.request('GET', url);
  /** Sends a multipart body made by `multipart()`. */
  upload = (url: string, form: { body: Buffer; contentType: string }) =>
    this.request('POST', url, { body: form.body, headers: { 'content-type': form.contentType } });
  post = (url: string, body?: Json | string, headers?: Record<string, string>) =>
    this.request('POST', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  put = (url: string, body?: Json) => this.request('PUT', url, { body: body ?? {} });
  patch = (url: string, body?: Json) => this.request('PATCH', url, { body: body ?? {} });
  delete = (url: string) => this.request('DELETE', url);

  /** Signs in with a password and keeps the token. */
  async signIn(email: string, password = PASSWORD) {
    const res = await this.post('/api/users/sign-in', { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    this.token = res.headers['x-access-token'] as string;
    return res;
  }
}

/** A mailer that keeps what it sends, so tests can follow the links. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; lastLinkTo: (email: string) => string } = {
    sent,
    async send(message) {
      sent.push(message);
    },
    lastLinkTo(email) {
      const message = [...sent].reverse().find((m) => m.to === email);
      if (!message?.link) throw new Error(`no mail with a link to ${email}`);
      return message.link;
    },
  };
  return mailer;
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh app on a fresh database: a new SQLite file, or a new PostgreSQL schema.
 * `env` overrides configuration the way the environment would.
 */
/**
 * One CPU pool for every test app of a test file: a thread loads tsx, the .har package and Verovio
 * once (seconds) instead of once per test. A test that sets CPU_* variables gets a pool of its own.
 */
let sharedCpuPool: CpuPool | undefined;

/**
 * The Argon2id hash of PASSWORD, made once per test file: every user `createUser` inserts signs in
 * with it as before (sign-in still verifies it), without hashing again for each of them.
 */
let passwordHashOnce: Promise<string> | undefined;
const passwordHash = () => {
  passwordHashOnce ??= hashPassword(PASSWORD);
  return passwordHashOnce;
};

/** The migrated template of the run for this engine (global-setup.ts), if there is one. */
function migratedTemplate(dialect: DialectName): string | undefined {
  if (!process.env.VITEST || dialect !== 'sqlite') return undefined;
  try {
    return inject('sqliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

export async function createTestApp(dialect: DialectName, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(TEST_DATA_BASE, 'hd-test-'));
  // No web build unless a test gives one (WEB_DIST): CI runs these tests before `npm run build`, and
  // a developer's packages/web/dist would otherwise add a route per built file to every test app.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_DATA: '0',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  let dropSchema: (() => Promise<void>) | undefined;
  // On SQLite a copy of the run's migrated template (global-setup.ts); an app that does not migrate at
  // start (MIGRATE_ON_START=0) gets an empty database, as it always did. PostgreSQL migrates a schema
  // of its own: a database copied from a template per test was slower there (global-setup.ts).
  const template = config.migrateOnStart ? migratedTemplate(dialect) : undefined;
  if (dialect === 'sqlite' && template) fs.copyFileSync(template, path.join(dataDir, 'app.db'));
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    config.databaseUrl = url;
    config.databaseSchema = schema;
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  }
  const clock = manualClock();
  const mailer = memoryMailer();
  const cpuOverride = () => {
    if (Object.keys(env).some((name) => name.startsWith('CPU_'))) return {};
    sharedCpuPool ??= createCpuPool({ threads: config.cpu.threads, taskMs: config.cpu.taskSeconds * 1000, memoryMb: config.cpu.memoryMb });
    return { cpu: sharedCpuPool };
  };
  const queries: string[] = [];
  let database = openDatabase(config, { onQuery: (statement) => queries.push(statement) });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, { clock, mailer, database, ...cpuOverride() });
  } catch (error) {
    // Seen only on PostgreSQL under a heavily loaded CI machine: the fresh schema is not
    // found by the migration. Make it again, once, rather than fail an unrelated test.
    if (dialect !== 'postgres' || !/does not exist/.test(String(error))) throw error;
    await database.destroy();
    const c = new pg.Client({ connectionString: config.databaseUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${config.databaseSchema}`);
    await c.end();
    database = openDatabase(config, { onQuery: (statement) => queries.push(statement) });
    app = await buildApp(config, { clock, mailer, database, ...cpuOverride() });
  }
  let users = 0;

  return {
    app,
    clock,
    mailer,
    /**
     * Sends the mail queued so far into `mailer` (mail is a job queued with its change:
     * mail/mail-job.ts) and returns how many mail jobs ran. Other jobs stay queued.
     */
    deliverMail: () => app.deps.jobs.drain({ names: [MAIL_JOB] }),
    config,
    client: (ip?: string) => new TestClient(app, ip),
    /** Inserts a user with PASSWORD and returns its id and e-mail. */
    async createUser(values: { email?: string; user_type?: 1 | 2; first_name?: string; last_name?: string } = {}) {
      users += 1;
      const email = values.email ?? `user${users}-${randomUUID().slice(0, 8)}@example.com`;
      const now = clock.now();
      const id = await insertUser(app.deps.db, {
        uuid: randomUUID(),
        user_type: values.user_type ?? 1,
        first_name: values.first_name ?? 'Test',
        last_name: values.last_name ?? `User${users}`,
        email,
        password_hash: await passwordHash(),
        gender: null,
        school: null,
        phone_number: null,
        timezone_id: (await findTimezoneId(app.deps.db, 'UTC')) ?? 1,
        language: 'en',
        will_receive_marketing_emails: 0,
        will_receive_notification_emails: 0,
        created_at: now,
        updated_at: now,
      });
      return { id, email };
    },
    /** A new user, signed in: their client, id and e-mail. */
    async signedIn(values: { email?: string; user_type?: 1 | 2; first_name?: string; last_name?: string } = {}) {
      const user = await this.createUser(values);
      const client = new TestClient(app);
      await client.signIn(user.email);
      return { client, id: user.id, email: user.email };
    },
    /** Every SQL statement run so far; tests reset it with `queries.length = 0`. */
    queries,
    async close() {
      await app.close();
      await database.destroy();
      await dropSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first exercise of the sample library, for tests that hand in answers: its .har bytes and its key's items. */
export function sampleExercise() {
  const sample = buildSampleLibrary().sets[0]?.documents[0];
  if (!sample) throw new Error('no sample exercise');
  return { bytes: sample.har, keyItems: readHar(sample.har).key?.items ?? [] };
}

/** A user `signedIn` made: their client, id and e-mail. */
export type SignedInUser = { client: TestClient; id: number; email: string };

/** Sessions that outlive any test's clock advances (tests that move the clock by days use it). */
export const LONG_SESSIONS = { SESSION_IDLE_SECONDS: '315360000', SESSION_MAX_SECONDS: '315360000' };

/**
 * The world most API tests start from, built through the API: an instructor (`owner`) who owns a
 * course "Harmony" (Northfield University, Fall), a second instructor (`other`) who does not, a TA
 * and `students` students (default 1) enrolled in it, and an anonymous client. With `activate`
 * (the default) the clock moves to a minute past the course's start and the course is activated.
 * Users are signed in in this order: owner, other, TA, students.
 */
export async function courseWorld(t: TestContext, options: { students?: number; activate?: boolean } = {}) {
  const owner = await t.signedIn({ user_type: 2 });
  const other = await t.signedIn({ user_type: 2 });
  const ta = await t.signedIn();
  const students: SignedInUser[] = [];
  for (let i = 0; i < (options.students ?? 1); i += 1) students.push(await t.signedIn());
  const anonymous = t.client();
  const db = t.app.deps.db;
  const schoolId = await ensureSchool(db, 'Northfield University', t.clock.now());
  const termId = await ensureAcademicTerm(db, 'Fall', 2);
  const course = (await owner.client.post('/api/courses', { title: 'Harmony', school_id: schoolId, academic_term_id: termId })).json()
    .data as { id: number; start_date: number; end_date: number };
  if (options.activate !== false) {
    t.clock.advance(course.start_date - t.clock.now() + 60);
    await owner.client.post(`/api/courses/${course.id}/activations`);
  }
  await insertMembership(db, { courseId: course.id, userId: ta.id, role: 'ta', now: t.clock.now() });
  for (const student of students)
    await insertMembership(db, { courseId: course.id, userId: student.id, role: 'student', now: t.clock.now() });
  return { owner, other, ta, students, anonymous, course, courseId: course.id, schoolId, termId };
}

/** The `errors` of an error response. */
export function errorsOf(res: LightMyRequestResponse) {
  return (res.json() as { errors: { code?: string; message?: string; field?: string; messages?: string[] }[] }).errors;
}

/** The token part of an e-mailed link. */
export function tokenOf(link: string) {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export { SMALL_SCORE } from './small-score.ts';

/** A multipart/form-data body with files under one field. */
export function multipart(files: { name: string; bytes: Uint8Array; field?: string; type?: string }[]) {
  const boundary = `----hd${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(f.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
