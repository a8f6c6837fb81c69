import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { courseWorld, createTestApp, dialects, LONG_SESSIONS, multipart, sampleExercise, type TestContext } from '../../test/helpers.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type Db, durableTransaction } from './database.ts';

/** SQLite's `synchronous` on the connection: 2 FULL, 1 NORMAL. */
const synchronousOf = async (db: Db) =>
  Number(Object.values((await sql<Record<string, number>>`pragma synchronous`.execute(db)).rows[0] ?? {})[0]);

/** A student handing in the sample exercise; the statements of the hand-in from `t.queries`. */
async function handInStatements(t: TestContext) {
  const world = await courseWorld(t, { students: 1 });
  const owner = world.owner.client;
  const student = world.students[0]?.client;
  if (!student) throw new Error('no student');
  const { bytes, keyItems } = sampleExercise();
  const setId = (
    await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 86400 })
  ).json().data.id;
  const docId = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes }]))).json().data[0].id;
  const answers = keyItems.map((item) => ({ id: item.id, answer: item.answers[0] ?? '' }));
  await student.put(`/api/documents/${docId}/draft`, { answers });
  t.queries.length = 0;
  expect((await student.post(`/api/documents/${docId}/submissions`, { answers })).statusCode).toBe(201);
  return [...t.queries];
}

/** Decision 044: SQLITE_SYNCHRONOUS, and a hand-in's commit synced to the disk whatever it says. */
describe('SQLITE_SYNCHRONOUS', () => {
  it('is FULL unless set, and only FULL or NORMAL', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('FULL');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('NORMAL');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(ConfigError);
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS must be FULL or NORMAL/);
  });
});

describe.each(dialects)('durable transactions (%s)', (dialect) => {
  let t: TestContext;
  afterEach(async () => {
    await t.close();
  });

  it('by default changes nothing: no pragma around a hand-in, every commit FULL on SQLite', async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const statements = await handInStatements(t);
    expect(statements.some((s) => /insert into "submissions"/.test(s))).toBe(true);
    expect(statements.filter((s) => /pragma/i.test(s))).toEqual([]);
    if (dialect === 'sqlite') expect(await synchronousOf(t.app.deps.db)).toBe(2);
  });

  it('with NORMAL, a hand-in commits under FULL and the connection goes back to NORMAL after it', async () => {
    t = await createTestApp(dialect, { ...LONG_SESSIONS, SQLITE_SYNCHRONOUS: 'NORMAL' });
    const statements = await handInStatements(t);
    const insert = statements.findIndex((s) => /insert into "submissions"/.test(s));
    expect(insert).toBeGreaterThan(-1);
    if (dialect === 'postgres') {
      expect(statements.filter((s) => /pragma/i.test(s))).toEqual([]);
      return;
    }
    // The autosave before it committed under NORMAL.
    expect(statements.indexOf('pragma synchronous = FULL')).toBeGreaterThan(-1);
    expect(statements.indexOf('pragma synchronous = FULL')).toBeLessThan(insert);
    expect(statements.lastIndexOf('pragma synchronous = NORMAL')).toBeGreaterThan(insert);
    expect(await synchronousOf(t.app.deps.db)).toBe(1);
  });

  it('with NORMAL, overlapping durable transactions each commit under FULL; NORMAL comes back after the last', async () => {
    t = await createTestApp(dialect, { ...LONG_SESSIONS, SQLITE_SYNCHRONOUS: 'NORMAL' });
    const db = t.app.deps.db;
    if (dialect === 'postgres') {
      expect(await durableTransaction(db, async (trx) => (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows[0]?.n)).toBe(1);
      return;
    }
    expect(await synchronousOf(db)).toBe(1);
    const seen: number[] = [];
    let releaseFirst = () => {};
    const firstMayEnd = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    // The first starts; the second is queued behind it and still runs after the first has ended.
    const first = durableTransaction(db, async (trx) => {
      seen.push(await synchronousOf(trx));
      await firstMayEnd;
      return 'first';
    });
    const second = durableTransaction(db, async (trx) => {
      seen.push(await synchronousOf(trx));
      return 'second';
    });
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(seen).toEqual([2, 2]);
    expect(await synchronousOf(db)).toBe(1);
    // A failed one leaves NORMAL behind too.
    await expect(
      durableTransaction(db, async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await synchronousOf(db)).toBe(1);
  });
});
