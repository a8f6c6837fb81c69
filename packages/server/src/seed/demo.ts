import { randomUUID } from 'node:crypto';
import type { Services } from '../app.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { ensureAcademicTerm, ensureSchool } from '../modules/reference/repository.ts';
import { findTimezoneId, findUserByEmail, insertUser } from '../modules/users/repository.ts';
import { seedDemoAssignments } from './demo-assignments.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoSubmissions } from './demo-submissions.ts';

export const DEMO_PASSWORD = 'DemoPass123';

export const DEMO_ACCOUNTS = [
  { email: 'instructor@example.com', first_name: 'Clara', last_name: 'Schumann', user_type: 2, role: 'instructor' },
  { email: 'ta@example.com', first_name: 'Johannes', last_name: 'Brahms', user_type: 1, role: 'TA' },
  { email: 'student@example.com', first_name: 'Fanny', last_name: 'Mendelssohn', user_type: 1, role: 'student' },
] as const;

const TERMS = ['Spring', 'Summer', 'Fall', 'Winter'];
const SCHOOLS = ['Harmony Conservatory of Music', 'Riverside Community College', 'Northfield University'];

async function hasUsers(deps: Deps) {
  const row = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes the demo school once, on a new embedded database (no users yet), unless DEMO_DATA=0;
 * DEMO_DATA=1 adds what is missing even to a database in use. Returns the demo accounts present.
 */
export async function seedDemoData(deps: Deps, services: Services) {
  // By default only the embedded database of a first `npm start`; a PostgreSQL deployment asks with DEMO_DATA=1.
  const wanted = deps.config.demoData ?? (deps.dialect === 'sqlite' && !(await hasUsers(deps)));
  if (wanted) {
    const now = deps.clock.now();
    for (const [i, term] of TERMS.entries()) await ensureAcademicTerm(deps.db, term, i);
    for (const school of SCHOOLS) await ensureSchool(deps.db, school, now);
    const timezoneId = (await findTimezoneId(deps.db, 'America/New_York')) ?? (await findTimezoneId(deps.db, 'UTC')) ?? 1;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS) {
      if (await findUserByEmail(deps.db, account.email)) continue;
      await insertUser(deps.db, {
        uuid: randomUUID(),
        user_type: account.user_type,
        first_name: account.first_name,
        last_name: account.last_name,
        email: account.email,
        password_hash: passwordHash,
        gender: null,
        school: null,
        phone_number: null,
        timezone_id: timezoneId,
        language: 'en',
        will_receive_marketing_emails: 0,
        will_receive_notification_emails: 1,
        created_at: now,
        updated_at: now,
      });
    }
    await seedDemoCourses(deps);
    await seedDemoAssignments(deps, services);
    await seedDemoSubmissions(deps, services, DEMO_PASSWORD);
    deps.log.info('demo data added');
  }
  const present = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(deps.db, account.email)) present.push(account);
  }
  return { accounts: present };
}
