// The dashboard of an instructor with 200 courses: GET /api/users must run a constant
// number of statements, whatever the number of courses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { insertCourse, insertMembership } from '../packages/server/src/modules/courses/repository.ts';
import { insertUser } from '../packages/server/src/modules/users/repository.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, benchInstructor } from './users.ts';

export async function runDashboardBenchmark() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-dash-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '0' });
  let statements = 0;
  const database = openDatabase(config, { onQuery: () => statements++ });
  const app = await buildApp(config, { database });
  const { db } = app.deps;
  const now = Math.floor(Date.now() / 1000);
  const user = await insertUser(db, await benchInstructor(now));
  for (const count of [1, 200]) {
    const existing = (await db.selectFrom('course_memberships').select('id').where('user_id', '=', user).execute()).length;
    for (let i = existing; i < count; i++) {
      const courseId = await insertCourse(db, {
        title: `Course ${i + 1}`,
        status: i % 3 === 0 ? 'PLANNING' : 'ACTIVE',
        school_id: null,
        academic_term_id: null,
        year: 2026,
        start_date: now,
        end_date: now + 90 * 86400,
        enrollment_end_date: now + 14 * 86400,
        payment_type: 1,
        course_product_id: null,
        cadential_64: 'V',
        neapolitan_6: 'N',
        lms_type: null,
        invitation_code: `C${String(i).padStart(5, '0')}`,
        billing_agreed_at: null,
        activated_at: null,
        created_by: user,
        created_at: now,
        updated_at: now,
      });
      await insertMembership(db, { courseId, userId: user, role: 'instructor', now });
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      cookies: { csrftoken: 'bench' },
      headers: { 'x-csrftoken': 'bench' },
      payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
    });
    const token = signIn.headers['x-access-token'] as string;
    const runs = 20;
    statements = 0;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    const ms = (performance.now() - started) / runs;
    console.log(
      `GET /api/users with ${String(count).padStart(3)} courses: ${ms.toFixed(1)} ms, ${statements / runs} SQL statements per request`,
    );
  }
  await app.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
