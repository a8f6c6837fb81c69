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
    const statements = await statementsOf('/api/academic-terms');
    expect(statements[0]).toMatch(/from "users".*join "sessions"/s);
    expect(statements.filter((sql) => /"sessions"/.test(sql))).toHaveLength(1);
    expect(statements.some((sql) => /^update "sessions"/.test(sql))).toBe(false);
    t.clock.advance(60);
    t.queries.length = 0;
    await owner.get('/api/academic-terms');
    expect(t.queries.filter((sql) => /^update "sessions"/.test(sql))).toHaveLength(1);
  });

  // Decision 028: these two routes find the session in their own statement; the session rules
  // (http/auth.ts) are the same as on every other route.
  describe.each(['/api/users', '/api/courses/:id'])('%s finds the session in its own statement', (route) => {
    const url = () => route.replace(':id', String(courseId));
    /** The answer of a route whose session the preHandler finds, for comparison. */
    const viaPreHandler = () => owner.get('/api/academic-terms');
    const sessionRow = async () =>
      t.app.deps.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', (await owner.get('/api/users')).json().data.id)
        .executeTakeFirstOrThrow();

    it('answers in one statement that reads the session, and slides it when due', async () => {
      const statements = await statementsOf(url());
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/from "users".*join "sessions"/s);
      t.clock.advance(60);
      t.queries.length = 0;
      const slid = await owner.get(url());
      expect(slid.statusCode).toBe(200);
      expect(t.queries).toHaveLength(2);
      expect(t.queries[1]).toMatch(/^update "sessions"/);
      const expiresAt = t.clock.now() + t.app.deps.config.sessionIdleSeconds;
      expect(slid.headers['x-token-expire']).toBe(String(expiresAt));
      expect(slid.headers['x-access-token']).toBe(owner.token);
      expect((await sessionRow()).expires_at).toBe(expiresAt);
    });

    it('does not slide on a background request', async () => {
      const before = (await sessionRow()).expires_at;
      t.clock.advance(60);
      t.queries.length = 0;
      const answer = await owner.request('GET', url(), { headers: { 'x-background-request': '1' } });
      expect(answer.statusCode).toBe(200);
      expect(t.queries).toHaveLength(1);
      expect(answer.headers['x-token-expire']).toBe(String(before));
    });

    it('refuses a revoked session at once, as every other route does', async () => {
      expect((await owner.get(url())).statusCode).toBe(200);
      await t.app.deps.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).execute();
      const refused = await owner.get(url());
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].code).toBe('session_expired');
      expect(refused.json()).toEqual((await viaPreHandler()).json());
      expect(refused.headers['x-access-token']).toBeUndefined();
    });

    it('refuses an expired session with session_expired, and no token or an unknown one as before', async () => {
      t.clock.advance(t.app.deps.config.sessionIdleSeconds + 1);
      const expired = await owner.get(url());
      expect(expired.statusCode).toBe(401);
      expect(expired.json().errors[0].code).toBe('session_expired');
      expect(expired.json()).toEqual((await viaPreHandler()).json());
      owner.token = 'not-a-token';
      const unknown = await owner.get(url());
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual((await viaPreHandler()).json());
      owner.token = undefined;
      t.queries.length = 0;
      const anonymous = await owner.get(url());
      expect(anonymous.statusCode).toBe(401);
      expect(t.queries).toHaveLength(0);
      expect(anonymous.json()).toEqual((await viaPreHandler()).json());
      expect(anonymous.json().errors[0].code).not.toBe('session_expired');
    });
  });

  it('GET /api/courses/{id} reads the course as the access check does: 404 for a non-member', async () => {
    const { client: stranger, id: strangerId } = await t.signedIn({ user_type: 2 });
    const refused = await stranger.get(`/api/courses/${courseId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await stranger.get(`/api/courses/${courseId}/grade-book`)).json());
    // The row the one statement reads is the row of the access check's own statement.
    const ownerId = (await owner.get('/api/users')).json().data.id;
    const token = owner.token as string;
    const { findCourseForMember, findCourseForSession } = await import('../modules/courses/repository.ts');
    const { hashSecret } = await import('../lib/random.ts');
    const key = { tokenHash: hashSecret(token), now: t.clock.now() };
    const found = await findCourseForSession(t.app.deps.db, courseId, key);
    expect(found?.course).toEqual(await findCourseForMember(t.app.deps.db, courseId, ownerId));
    expect(found?.user.id).toBe(ownerId);
    expect(await findCourseForMember(t.app.deps.db, courseId, strangerId)).toBeUndefined();
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
    // The session, the actor and the dashboard in one statement: courses, their instructors'
    // names, invitations, enrollment requests, a pending e-mail change, whatever the number of each.
    expect(await statementsOf('/api/users')).toHaveLength(1);
    // The session, the actor, the course with the membership and its instructors (decision 028).
    expect(await statementsOf(`/api/courses/${courseId}`)).toHaveLength(1);
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
