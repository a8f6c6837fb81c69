import { INVITATION_CODE_ALPHABET } from '@app/contract/courses';
import type { Deps } from '../deps.ts';
import * as courses from '../modules/courses/repository.ts';
import { findUserByEmail } from '../modules/users/repository.ts';

const DAY = 24 * 3600;

const PRODUCTS = [
  { name: 'Harmony Course License', priceCents: 2500, path: 'harmony-course-license' },
  { name: 'Harmony Course License (School)', priceCents: 2000, path: 'harmony-course-license-school' },
];

async function idByName(deps: Deps, table: 'schools' | 'academic_terms', name: string) {
  const row = await deps.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  return row?.id ?? null;
}

async function freshCode(deps: Deps) {
  for (;;) {
    const code = Array.from(
      { length: 6 },
      () => INVITATION_CODE_ALPHABET[Math.floor(Math.random() * INVITATION_CODE_ALPHABET.length)],
    ).join('');
    if (!(await courses.invitationCodeTaken(deps.db, code))) return code;
  }
}

/**
 * The term a course starting on this date runs in, so the demo's term and dates agree:
 * January–May Spring, June–July Summer, August–November Fall, December Winter (UTC).
 */
export function termOfDate(epoch: number): 'Spring' | 'Summer' | 'Fall' | 'Winter' {
  const month = new Date(epoch * 1000).getUTCMonth();
  if (month <= 4) return 'Spring';
  if (month <= 6) return 'Summer';
  if (month <= 10) return 'Fall';
  return 'Winter';
}

const yearOf = (epoch: number) => new Date(epoch * 1000).getUTCFullYear();

/**
 * The demo courses: 'Music Theory I' running now (instructor, TA and student, open for
 * enrollment), 'Music Theory II' in planning, and 'Aural Skills' that ended last term.
 * Skipped when the demo instructor already teaches a course.
 */
export async function seedDemoCourses(deps: Deps) {
  const { db, clock } = deps;
  const instructor = await findUserByEmail(db, 'instructor@example.com');
  const ta = await findUserByEmail(db, 'ta@example.com');
  const student = await findUserByEmail(db, 'student@example.com');
  if (!instructor || !ta || !student) return;
  if ((await courses.listMembershipsInRole(db, instructor.id, 'instructor')).length > 0) return;

  const now = clock.now();
  const existing = await courses.listCourseProducts(db);
  const productIds = [];
  for (const p of PRODUCTS) {
    productIds.push(existing.find((e) => e.name === p.name)?.id ?? (await courses.insertCourseProduct(db, { ...p, now })));
  }
  const school = await idByName(deps, 'schools', 'Harmony Conservatory of Music');
  const hour = Math.floor(now / 3600) * 3600;

  const plans = [
    {
      title: 'Music Theory I',
      status: 'ACTIVE',
      start: hour - 5 * DAY,
      end: hour + 115 * DAY,
      payment: 2,
      product: productIds[0] ?? null,
      lms: 'GOOGLE_CLASSROOM',
      members: [
        [instructor.id, 'instructor'],
        [ta.id, 'ta'],
        [student.id, 'student'],
      ],
    },
    {
      title: 'Music Theory II',
      status: 'PLANNING',
      start: hour + 60 * DAY,
      end: hour + 180 * DAY,
      payment: 1,
      product: null,
      lms: null,
      members: [[instructor.id, 'instructor']],
    },
    {
      title: 'Aural Skills',
      status: 'ENDED',
      start: hour - 200 * DAY,
      end: hour - 20 * DAY,
      payment: 0,
      product: null,
      lms: null,
      members: [
        [instructor.id, 'instructor'],
        [student.id, 'student'],
      ],
    },
  ] as const;

  // Each new membership goes to the top of the list, so the first plan is added last.
  for (const plan of [...plans].reverse()) {
    const courseId = await courses.insertCourse(db, {
      title: plan.title,
      status: plan.status,
      school_id: school,
      // Term and year follow the start date, whenever the demo is made.
      academic_term_id: await idByName(deps, 'academic_terms', termOfDate(plan.start)),
      year: yearOf(plan.start),
      start_date: plan.start,
      end_date: plan.end,
      enrollment_end_date: plan.start + Math.min(14 * DAY, Math.floor((plan.end - plan.start) / 3)),
      payment_type: plan.payment,
      course_product_id: plan.product,
      cadential_64: 'V',
      neapolitan_6: 'N',
      lms_type: plan.lms,
      invitation_code: await freshCode(deps),
      billing_agreed_at: null,
      activated_at: plan.status === 'PLANNING' ? null : plan.start,
      created_by: instructor.id,
      created_at: now,
      updated_at: now,
    });
    for (const [userId, role] of plan.members) await courses.insertMembership(db, { courseId, userId, role, now });
  }
}
