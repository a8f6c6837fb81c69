import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../../test/helpers.ts';
import { ensureAcademicTerm, ensureSchool } from './repository.ts';

describe.each(dialects)('reference lists (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('lists the four languages to anyone', async () => {
    const res = await t.client().get('/api/languages');
    expect(res.json().data.map((l: { abbreviation: string }) => l.abbreviation)).toEqual(['en', 'zh-hans', 'zh-hant', 'ko']);
  });

  it('lists every IANA time zone with integer ids', async () => {
    const zones = (await t.client().get('/api/timezones')).json().data as { id: number; timezone: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.map((z) => z.timezone)).toEqual(expect.arrayContaining(['UTC', 'Asia/Seoul', 'America/New_York', 'Asia/Shanghai']));
    expect(zones.every((z) => Number.isInteger(z.id))).toBe(true);
  });

  it('lists schools and academic terms to signed-in users only', async () => {
    await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    await ensureAcademicTerm(t.app.deps.db, 'Spring', 0);
    const anonymous = t.client();
    expect((await anonymous.get('/api/schools')).statusCode).toBe(401);
    expect((await anonymous.get('/api/academic-terms')).statusCode).toBe(401);
    const c = t.client();
    await c.signIn((await t.createUser()).email);
    expect((await c.get('/api/schools')).json().data).toEqual([{ id: expect.any(Number), school: 'Northfield University' }]);
    expect((await c.get('/api/academic-terms')).json().data.map((x: { academic_term: string }) => x.academic_term)).toEqual([
      'Spring',
      'Fall',
    ]);
  });
});
