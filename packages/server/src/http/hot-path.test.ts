import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Course } from '@app/contract/courses';
import { envelope } from '@app/contract/errors';
import { CurrentUser } from '@app/contract/users';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestClient, type TestContext } from '../../test/helpers.ts';
import { withStatementCache } from '../db/database.ts';
import { ensureAcademicTerm, ensureSchool } from '../modules/reference/repository.ts';

/**
 * The statements an authenticated GET runs, per endpoint family (issue 15): a change that adds a
 * round trip to every request fails here instead of slipping into the benchmarks.
 */
describe.each(dialects)('hot path (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let courseId: number;

  /** The statements one GET runs, after a first call has slid the session. */
  const statementsOf = async (url: string) => {
    expect((await owner.get(url)).statusCode).toBe(200);
    t.queries.length = 0;
    expect((await owner.get(url)).statusCode).toBe(200);
    return [...t.queries];
  };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ client: owner } = await t.signedIn({ user_type: 2 }));
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    courseId = (await owner.post('/api/courses', { title: 'Harmony', school_id: schoolId, academic_term_id: termId })).json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('authenticates and loads the actor in one statement, and slides the session at most every few seconds', async () => {
    const statements = await statementsOf('/api/users');
    expect(statements[0]).toMatch(/from "users".*join "sessions"/s);
    expect(statements.filter((sql) => /"sessions"/.test(sql))).toHaveLength(1);
    expect(statements.some((sql) => /^update "sessions"/.test(sql))).toBe(false);
    t.clock.advance(60);
    t.queries.length = 0;
    await owner.get('/api/users');
    expect(t.queries.filter((sql) => /^update "sessions"/.test(sql))).toHaveLength(1);
  });

  it('keeps answering when a migration changes a table a prepared hot statement reads', async () => {
    // On PostgreSQL the hot statements are named prepared statements; a changed table makes their
    // plan stale ('cached plan must not change result type'), and they run unnamed instead.
    await statementsOf('/api/users');
    await sql`alter table users add column hot_path_probe integer`.execute(t.app.deps.db);
    expect((await owner.get('/api/users')).statusCode).toBe(200);
    expect((await owner.get(`/api/courses/${courseId}`)).statusCode).toBe(200);
  });

  it("never reads inside another caller's open transaction", async () => {
    // On SQLite the hot statements run directly on the one connection (db/database.ts
    // `precompiled`); while a transaction holds it they wait for it, as Kysely's queries do.
    const me = (await owner.get('/api/users')).json().data;
    let pending: ReturnType<typeof owner.get> | undefined;
    await expect(
      t.app.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ first_name: 'Uncommitted' }).where('id', '=', me.id).execute();
        pending = owner.get('/api/users');
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const answer = await pending;
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json().data.first_name).toBe(me.first_name);
  });

  it('runs a fixed number of statements per endpoint family', async () => {
    // The actor, then the dashboard in one statement: courses, their instructors' names,
    // invitations, enrollment requests, a pending e-mail change — whatever the number of each.
    expect(await statementsOf('/api/users')).toHaveLength(2);
    // The actor, then the course with the membership and its instructors.
    expect(await statementsOf(`/api/courses/${courseId}`)).toHaveLength(2);
    // The actor, the membership, the book (written by the database).
    expect(await statementsOf(`/api/courses/${courseId}/grade-book`)).toHaveLength(3);
  });
});

describe.each(dialects)('hot routes answer their schema exactly (%s)', (dialect) => {
  let t: TestContext;
  afterEach(async () => {
    await t.close();
  });

  // These routes skip zod's response encoding (http/serialize.ts): parsing must change nothing,
  // so no field beyond the schema (a password hash, a row's other columns) can leave.
  it('GET /api/users and GET /api/courses/{id}', async () => {
    t = await createTestApp(dialect);
    const { client: teacher } = await t.signedIn({ user_type: 2, email: 'teacher@example.com' });
    const { client: student, email: studentEmail } = await t.signedIn({ email: 'student@example.com' });
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const courseId = (await teacher.post('/api/courses', { title: 'Harmony', school_id: schoolId })).json().data.id;
    await teacher.post('/api/courses', { title: 'Counterpoint' });
    const invited = await teacher.post('/api/course-invitations', { role: 'ta', course: courseId, emails: [studentEmail] });
    expect(invited.json().data.results[0].invited).toBe(true);
    for (const [client, url] of [
      [teacher, '/api/users'],
      [student, '/api/users'],
      [teacher, `/api/courses/${courseId}`],
    ] as const) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const schema = url === '/api/users' ? envelope(CurrentUser) : envelope(Course);
      expect(schema.parse(body)).toEqual(body);
    }
    const dashboard = (await student.get('/api/users')).json().data;
    expect(dashboard.invitations).toHaveLength(1);
    expect((await teacher.get('/api/users')).json().data.course_instructors.map((c: { title: string }) => c.title)).toEqual([
      'Counterpoint',
      'Harmony',
    ]);
    // Compressed as a browser asks (bench api measures this too): the same answer once decompressed.
    for (const title of ['Figured Bass', 'Modal Counterpoint', 'Orchestration']) await teacher.post('/api/courses', { title });
    const plain = await teacher.get('/api/users');
    const compressed = await teacher.request('GET', '/api/users', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

describe('SQLite statement cache', () => {
  it('compiles each statement once, and keeps only the most recently used', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-cache-'));
    const sqlite = new SQLite(path.join(dir, 'cache.db'));
    try {
      const cached = withStatementCache(sqlite, 2);
      const first = cached.prepare('select 1 as one');
      expect(cached.prepare('select 1 as one')).toBe(first);
      expect(first.all([])).toEqual([{ one: 1 }]);
      cached.prepare('select 2');
      cached.prepare('select 3');
      // 'select 1' was the least recently used of three: compiled again.
      expect(cached.prepare('select 1 as one')).not.toBe(first);
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
