import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { ensureAcademicTerm } from '../modules/reference/repository.ts';
import { seedDemoCourses, termOfDate } from './demo-courses.ts';

const DAY = 24 * 3600;
const at = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 1000;

describe('demo courses', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('names the term a start date falls in', () => {
    expect([1, 5, 6, 7, 8, 11, 12].map((month) => termOfDate(at(2031, month, 15)))).toEqual([
      'Spring',
      'Spring',
      'Summer',
      'Summer',
      'Fall',
      'Fall',
      'Winter',
    ]);
  });

  it('give each course the term and year of its start date, whatever the day they are made', async () => {
    const app = await createTestApp('sqlite');
    t = app;
    for (const [i, term] of ['Spring', 'Summer', 'Fall', 'Winter'].entries()) await ensureAcademicTerm(app.app.deps.db, term, i);
    for (const email of ['instructor@example.com', 'ta@example.com', 'student@example.com']) await app.createUser({ email, user_type: 2 });
    // Half a year from today, so the check does not depend on the day the suite runs.
    app.clock.advance(180 * DAY);
    await seedDemoCourses(app.app.deps);
    const rows = await app.app.deps.db
      .selectFrom('courses as c')
      .innerJoin('academic_terms as a', 'a.id', 'c.academic_term_id')
      .select(['c.title', 'c.start_date', 'c.year', 'a.name as term'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect([row.title, row.term, row.year]).toEqual([
        row.title,
        termOfDate(row.start_date),
        new Date(row.start_date * 1000).getUTCFullYear(),
      ]);
    }
  });
});
