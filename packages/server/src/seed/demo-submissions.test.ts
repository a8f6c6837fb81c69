import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { seedDemoData } from './demo.ts';
import { DEMO_CLASSMATES } from './demo-submissions.ts';

describe.each(dialects)('demo submissions (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect, { DEMO_DATA: '1' });
  });
  afterEach(async () => {
    await t.close();
  });

  it("hands in graded work for 'Music Theory I' through the submission service, once", async () => {
    await seedDemoData(t.app.deps, t.app.services);
    const { db } = t.app.deps;
    const course = await db.selectFrom('courses').select('id').where('title', '=', 'Music Theory I').executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('submissions as s')
      .innerJoin('users as u', 'u.id', 's.student_id')
      .select(['s.id', 's.points', 's.max_points', 's.percent', 's.grade', 's.practice', 's.document_id', 'u.email'])
      .where('s.course_id', '=', course.id)
      .execute();
    expect(rows.length).toBeGreaterThan(30);
    // Graded by the server: points within the maximum, a letter, some perfect and some not.
    for (const row of rows) {
      expect(row.points).toBeLessThanOrEqual(row.max_points);
      expect(row.grade).toMatch(/^[A-DF][+−]?$/);
    }
    expect(new Set(rows.map((r) => r.percent)).size).toBeGreaterThan(3);
    expect(rows.some((r) => r.practice === 1)).toBe(true);
    // The demo student and the eight classmates, who sign in with the demo password.
    expect(new Set(rows.map((r) => r.email))).toEqual(new Set(['student@example.com', ...DEMO_CLASSMATES.map((c) => c.email)]));
    const res = await t.client().post('/api/users/sign-in', { email: 'student3@example.com', password: 'DemoPass123' });
    expect(res.statusCode).toBe(200);
    // Some document was handed in more than once by the same student.
    const attempts = new Map<string, number>();
    for (const row of rows) attempts.set(`${row.email}:${row.document_id}`, (attempts.get(`${row.email}:${row.document_id}`) ?? 0) + 1);
    expect(Math.max(...attempts.values())).toBe(2);
    // The images and reports are drawn when first viewed (issue 29): nothing is queued for them.
    expect(await db.selectFrom('jobs').select('name').where('name', '=', 'submission-render').execute()).toEqual([]);
    const rendered = await db.selectFrom('submissions').select('render_status').where('course_id', '=', course.id).execute();
    expect(rendered.every((r) => r.render_status === 'PENDING')).toBe(true);

    await seedDemoData(t.app.deps, t.app.services);
    const again = await db.selectFrom('submissions').select('id').where('course_id', '=', course.id).execute();
    expect(again).toHaveLength(rows.length);
  });
});
