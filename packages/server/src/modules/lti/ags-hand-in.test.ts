import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courseWorld, createTestApp, dialects, LONG_SESSIONS, multipart, sampleExercise, type TestContext } from '../../../test/helpers.ts';

/**
 * Issue 29: every hand-in asks whether its course takes scores from an LMS (LTI AGS, issue 28).
 * For a course not linked that is one statement in the hand-in's transaction, and nothing is queued.
 * (Linked courses and the posts themselves: ags.test.ts.)
 */
describe.each(dialects)('LTI score check in a hand-in (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
  });
  afterEach(async () => {
    await t.close();
  });

  it('reads once for a course not linked to an LMS, and queues no score post', async () => {
    const world = await courseWorld(t, { students: 1 });
    const owner = world.owner.client;
    const student = world.students[0]?.client;
    if (!student) throw new Error('no student');
    const { bytes, keyItems } = sampleExercise();
    const setId = (
      await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 86400 })
    ).json().data.id;
    const docId = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes }]))).json().data[0].id;
    t.queries.length = 0;
    const answers = keyItems.map((item) => ({ id: item.id, answer: item.answers[0] ?? '' }));
    expect((await student.post(`/api/documents/${docId}/submissions`, { answers })).statusCode).toBe(201);
    // Before issue 29 this was two: the documents' release rules, then the course's LMS contexts.
    const lti = t.queries.filter((statement) => /lti_|"d"\."delay_showing_grade"/.test(statement));
    expect(lti).toHaveLength(1);
    expect(lti[0]).toMatch(/"lti_contexts"/);
    const jobs = await t.app.deps.db.selectFrom('jobs').select('name').where('name', '=', 'lti-score').execute();
    expect(jobs).toEqual([]);
  });

  it('reads no students when a delayed grade’s date moves in a course not linked to an LMS', async () => {
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
    expect((await student.post(`/api/documents/${docId}/submissions`, { answers })).statusCode).toBe(201);
    t.queries.length = 0;
    const put = await owner.put(`/api/documents/${docId}`, { delay_showing_grade: true, show_grade_on_date: t.clock.now() + 2 * 86400 });
    expect(put.statusCode, put.body).toBe(200);
    // The course's LMS link is asked first (one statement); unlinked, its students are never read.
    expect(t.queries.filter((statement) => /"lti_contexts"/.test(statement))).toHaveLength(1);
    expect(t.queries.filter((statement) => /from "best_submissions"/.test(statement))).toEqual([]);
    const jobs = await t.app.deps.db.selectFrom('jobs').select('name').where('name', '=', 'lti-score').execute();
    expect(jobs).toEqual([]);
  });

  it('finds a course’s LMS courses through an index on lti_contexts.course_id (migration 0033)', async () => {
    const { db, dialect: engine } = t.app.deps;
    const indexes =
      engine === 'sqlite'
        ? await sql<{ name: string; column: string }>`
            SELECT i.name AS name, c.name AS "column" FROM sqlite_master i, pragma_index_info(i.name) c
            WHERE i.type = 'index' AND i.tbl_name = 'lti_contexts'`.execute(db)
        : await sql<{ name: string; column: string }>`
            SELECT ic.relname AS name, a.attname AS "column"
            FROM pg_index x
            JOIN pg_class ic ON ic.oid = x.indexrelid
            JOIN pg_class tc ON tc.oid = x.indrelid
            JOIN pg_namespace n ON n.oid = tc.relnamespace
            JOIN pg_attribute a ON a.attrelid = tc.oid AND a.attnum = x.indkey[0]
            WHERE tc.relname = 'lti_contexts' AND n.nspname = current_schema()`.execute(db);
    expect(indexes.rows).toContainEqual({ name: 'lti_contexts_course_idx', column: 'course_id' });
  });
});
