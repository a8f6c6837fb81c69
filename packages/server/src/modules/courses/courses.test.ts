import { CourseMessages } from '@app/contract/courses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';
import { insertCourseProduct, insertMembership } from './repository.ts';

const DAY = 86400;

describe.each(dialects)('courses (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let ownerId: number;
  let other: TestClient;
  let ta: TestClient;
  let taId: number;
  let student: TestClient;
  let studentId: number;
  let anonymous: TestClient;
  let schoolId: number;
  let termId: number;

  /** A course of `owner`, with the TA and the student as members. */
  const makeCourse = async (body: Record<string, unknown> = {}) => {
    const res = await owner.post('/api/courses', { title: 'Counterpoint', school_id: schoolId, academic_term_id: termId, ...body });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await insertMembership(t.app.deps.db, { courseId: id, userId: taId, role: 'ta', now: t.clock.now() });
    await insertMembership(t.app.deps.db, { courseId: id, userId: studentId, role: 'student', now: t.clock.now() });
    return id;
  };

  beforeEach(async () => {
    // Sessions outlive the clock jumps these tests make across a course's life.
    t = await createTestApp(dialect, { SESSION_IDLE_SECONDS: '315360000', SESSION_MAX_SECONDS: '315360000' });
    schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    ({ client: owner, id: ownerId } = await t.signedIn({ user_type: 2, first_name: 'Clara', last_name: 'Schumann' }));
    ({ client: other } = await t.signedIn({ user_type: 2 }));
    ({ client: ta, id: taId } = await t.signedIn());
    ({ client: student, id: studentId } = await t.signedIn());
    anonymous = t.client();
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /api/courses', () => {
    it('creates a PLANNING course with defaults; the creator is its instructor', async () => {
      const res = await owner.post('/api/courses', { title: '  Harmony I  ' });
      expect(res.statusCode).toBe(201);
      const course = res.json().data;
      const now = t.clock.now();
      expect(course).toMatchObject({
        title: 'Harmony I',
        status: 'PLANNING',
        archived: false,
        user_course_role: 'instructor',
        payment_type: 0,
        cadential_64: 'V',
        neapolitan_6: 'N',
        lms_type: null,
        instructors: [{ first_name: 'Clara', last_name: 'Schumann' }],
        can: { edit_settings: true, activate: true, archive: true, delete: true, duplicate: true, manage_people: true },
      });
      expect(course.invitation_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
      expect(course.start_date).toBeGreaterThan(now);
      expect(course.start_date % 3600).toBe(0);
      expect(course.end_date - course.start_date).toBe(120 * DAY);
      expect(course.enrollment_end_date - course.start_date).toBe(14 * DAY);
    });

    it('refuses the signed out and students', async () => {
      expect((await anonymous.post('/api/courses', { title: 'X' })).statusCode).toBe(401);
      const res = await student.post('/api/courses', { title: 'X' });
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]?.message).toBe('Only instructors can create courses.');
    });

    it('refuses bad input with field messages', async () => {
      expect(errorsOf(await owner.post('/api/courses', { title: '' }))).toEqual([
        { field: 'title', messages: ['Course title is required.'] },
      ]);
      expect((await owner.post('/api/courses', { title: 'X', payment_type: 7 })).statusCode).toBe(400);
      expect(errorsOf(await owner.post('/api/courses', { title: 'X', school_id: 9999 }))).toEqual([
        { field: 'school_id', messages: ['This school does not exist.'] },
      ]);
      expect((await owner.post('/api/courses', { title: 'X', status: 'ACTIVE' })).statusCode).toBe(400);
    });

    it('needs a product for a paid course and the billing agreement for a school-paid one', async () => {
      const productId = await insertCourseProduct(t.app.deps.db, { name: 'License', priceCents: 2500, path: 'lic', now: t.clock.now() });
      expect(errorsOf(await owner.post('/api/courses', { title: 'X', payment_type: 2 }))).toEqual([
        { field: 'course_product_id', messages: ['Choose a course product for a paid course.'] },
      ]);
      expect(errorsOf(await owner.post('/api/courses', { title: 'X', payment_type: 3, course_product_id: productId }))[0]?.field).toBe(
        'billing_agreement',
      );
      const paid = await owner.post('/api/courses', { title: 'X', payment_type: 3, course_product_id: productId, billing_agreement: true });
      expect(paid.statusCode).toBe(201);
      expect(errorsOf(await owner.put(`/api/courses/${paid.json().data.id}`, { course_product_id: null }))[0]?.field).toBe(
        'course_product_id',
      );
    });
  });

  describe('date rules (spec §5) at their boundaries', () => {
    const at = (offsets: { start: number; end: number; enrollment: number }) => {
      const now = t.clock.now();
      return {
        title: 'Dates',
        start_date: now + offsets.start,
        end_date: now + offsets.end,
        enrollment_end_date: now + offsets.enrollment,
      };
    };

    it('start: now is fine, one second ago is in the past', async () => {
      expect((await owner.post('/api/courses', at({ start: 0, end: 90 * DAY, enrollment: DAY }))).statusCode).toBe(201);
      expect(errorsOf(await owner.post('/api/courses', at({ start: -1, end: 90 * DAY, enrollment: DAY })))).toEqual([
        { field: 'start_date', messages: ['The start time cannot be set to a time in the past.'] },
      ]);
    });

    it('end: at least start + 60 s, at most start + 1 year', async () => {
      const year = 365 * DAY;
      expect((await owner.post('/api/courses', at({ start: 100, end: 160, enrollment: 100 }))).statusCode).toBe(201);
      expect(errorsOf(await owner.post('/api/courses', at({ start: 100, end: 159, enrollment: 100 })))[0]).toEqual({
        field: 'end_date',
        messages: ['The end date must be at least one minute after the start date.'],
      });
      expect((await owner.post('/api/courses', at({ start: 100, end: 100 + year, enrollment: 200 }))).statusCode).toBe(201);
      expect(errorsOf(await owner.post('/api/courses', at({ start: 100, end: 101 + year, enrollment: 200 })))).toEqual([
        { field: 'end_date', messages: ['The course duration cannot be greater than 1 year.'] },
      ]);
    });

    it('enrollment end: from the start to the earlier of two weeks and a third of the length', async () => {
      // A long course: the two-week limit applies.
      expect((await owner.post('/api/courses', at({ start: 100, end: 100 + 90 * DAY, enrollment: 100 + 14 * DAY }))).statusCode).toBe(201);
      const late = await owner.post('/api/courses', at({ start: 100, end: 100 + 90 * DAY, enrollment: 101 + 14 * DAY }));
      expect(errorsOf(late)).toEqual([
        {
          field: 'enrollment_end_date',
          messages: ['The enrollment end date cannot be later than two weeks after the start date or a third of the course length.'],
        },
      ]);
      // A three-week course: a third of it (7 days) applies.
      expect((await owner.post('/api/courses', at({ start: 100, end: 100 + 21 * DAY, enrollment: 100 + 7 * DAY }))).statusCode).toBe(201);
      expect((await owner.post('/api/courses', at({ start: 100, end: 100 + 21 * DAY, enrollment: 101 + 7 * DAY }))).statusCode).toBe(400);
      expect(errorsOf(await owner.post('/api/courses', at({ start: 100, end: 100 + 21 * DAY, enrollment: 99 })))).toEqual([
        { field: 'enrollment_end_date', messages: ['The enrollment end date cannot be before the start date.'] },
      ]);
    });
  });

  describe('GET /api/courses/{id}', () => {
    it('shows the course to each member with their role and abilities, 404 to others', async () => {
      const id = await makeCourse();
      expect((await owner.get(`/api/courses/${id}`)).json().data.user_course_role).toBe('instructor');
      const forTa = (await ta.get(`/api/courses/${id}`)).json().data;
      expect(forTa.user_course_role).toBe('ta');
      expect(forTa.can).toMatchObject({ edit_settings: false, activate: false, delete: false, duplicate: false, manage_people: false });
      const forStudent = (await student.get(`/api/courses/${id}`)).json().data;
      expect(forStudent.user_course_role).toBe('student');
      expect(forStudent.can.edit_settings).toBe(false);
      expect((await other.get(`/api/courses/${id}`)).statusCode).toBe(404);
      expect((await anonymous.get(`/api/courses/${id}`)).statusCode).toBe(401);
      expect((await owner.get('/api/courses/abc')).statusCode).toBe(400);
      expect((await owner.get('/api/courses/999999')).statusCode).toBe(404);
    });

    it('shows products with the price and the instructors of the course', async () => {
      const productId = await insertCourseProduct(t.app.deps.db, { name: 'License', priceCents: 2500, path: 'lic', now: t.clock.now() });
      const id = await makeCourse({ payment_type: 2, course_product_id: productId });
      const course = (await student.get(`/api/courses/${id}`)).json().data;
      expect(course).toMatchObject({
        course_product: 'License',
        course_product_price: '25.00',
        fastspring_product_path: 'lic',
        payment_id: null,
      });
      expect(course.school).toBe('Northfield University');
      expect(course.academic_term).toBe('Fall');
    });
  });

  describe('PUT /api/courses/{id}', () => {
    it('changes settings for the instructor only', async () => {
      const id = await makeCourse();
      const res = await owner.put(`/api/courses/${id}`, {
        title: 'Counterpoint II',
        cadential_64: 'I',
        neapolitan_6: 'II',
        lms_type: 'GOOGLE_CLASSROOM',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        title: 'Counterpoint II',
        cadential_64: 'I',
        neapolitan_6: 'II',
        lms_type: 'GOOGLE_CLASSROOM',
      });
      expect((await anonymous.put(`/api/courses/${id}`, { title: 'X' })).statusCode).toBe(401);
      expect(errorsOf(await ta.put(`/api/courses/${id}`, { title: 'X' }))[0]?.message).toBe('You are not an instructor of this course.');
      expect((await student.put(`/api/courses/${id}`, { title: 'X' })).statusCode).toBe(403);
      expect((await other.put(`/api/courses/${id}`, { title: 'X' })).statusCode).toBe(404);
      expect((await owner.put(`/api/courses/${id}`, { invitation_code: 'AAAAAA' })).statusCode).toBe(400);
    });

    it('locks school, term, fee paid by, start and end after activation', async () => {
      const id = await makeCourse();
      const course = (await owner.post(`/api/courses/${id}/activations`)).json().data;
      const otherSchool = await ensureSchool(t.app.deps.db, 'Riverside', t.clock.now());
      const res = await owner.put(`/api/courses/${id}`, { school_id: otherSchool, payment_type: 1, start_date: course.start_date + 3600 });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res).map((e) => e.field)).toEqual(['school_id', 'payment_type', 'start_date']);
      expect(errorsOf(res)[0]?.messages).toEqual(['This setting cannot be changed after the course is activated.']);
      // Unchanged values and unlocked settings still save.
      const ok = await owner.put(`/api/courses/${id}`, {
        school_id: schoolId,
        title: 'Renamed',
        enrollment_end_date: course.start_date + DAY,
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses the settings of an ENDED course', async () => {
      const id = await makeCourse();
      const course = (await owner.get(`/api/courses/${id}`)).json().data;
      t.clock.advance(course.end_date - t.clock.now());
      const res = await owner.put(`/api/courses/${id}`, { title: 'Late' });
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]?.message).toBe('Course has ended.');
      expect((await owner.get(`/api/courses/${id}`)).json().data.status).toBe('ENDED');
    });

    it('keeps a started course editable without re-checking its past start', async () => {
      const id = await makeCourse();
      t.clock.advance(3 * 3600);
      expect((await owner.put(`/api/courses/${id}`, { title: 'Still fine' })).statusCode).toBe(200);
    });
  });

  describe('POST /api/courses/{id}/activations', () => {
    it('activates once, for an instructor, with school and term', async () => {
      const id = await makeCourse();
      expect((await anonymous.post(`/api/courses/${id}/activations`)).statusCode).toBe(401);
      expect((await ta.post(`/api/courses/${id}/activations`)).statusCode).toBe(403);
      expect((await other.post(`/api/courses/${id}/activations`)).statusCode).toBe(404);
      const res = await owner.post(`/api/courses/${id}/activations`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'ACTIVE', can: { activate: false, archive: false, delete: false } });
      const twice = await owner.post(`/api/courses/${id}/activations`);
      expect(twice.statusCode).toBe(409);
      expect(errorsOf(twice)[0]?.message).toBe('The course is already active.');
    });

    it('needs a school and a term', async () => {
      const id = (await owner.post('/api/courses', { title: 'Bare' })).json().data.id;
      expect(errorsOf(await owner.post(`/api/courses/${id}/activations`))[0]?.messages).toEqual([
        'Choose a school and an academic term before activating the course.',
      ]);
    });
  });

  describe('archive, unarchive and delete', () => {
    it('archives only courses that are not ACTIVE, per person', async () => {
      const id = await makeCourse();
      expect((await anonymous.post(`/api/courses/${id}/archive`)).statusCode).toBe(401);
      expect((await other.post(`/api/courses/${id}/archive`)).statusCode).toBe(404);
      expect((await student.post(`/api/courses/${id}/archive`)).json().data.archived).toBe(true);
      expect((await owner.get(`/api/courses/${id}`)).json().data.archived).toBe(false);
      expect((await student.post(`/api/courses/${id}/archive`)).statusCode).toBe(409);
      expect((await student.post(`/api/courses/${id}/unarchive`)).json().data.archived).toBe(false);
      expect(errorsOf(await student.post(`/api/courses/${id}/unarchive`))[0]?.message).toBe('The course is not archived.');
      await owner.post(`/api/courses/${id}/activations`);
      const active = await owner.post(`/api/courses/${id}/archive`);
      expect(active.statusCode).toBe(409);
      expect(errorsOf(active)[0]?.message).toBe('An active course cannot be archived.');
    });

    it('deletes a PLANNING course, never an ACTIVE one, and an ENDED one only when archived', async () => {
      const planning = await makeCourse();
      expect((await anonymous.delete(`/api/courses/${planning}`)).statusCode).toBe(401);
      expect((await ta.delete(`/api/courses/${planning}`)).statusCode).toBe(403);
      expect((await other.delete(`/api/courses/${planning}`)).statusCode).toBe(404);
      expect((await owner.delete(`/api/courses/${planning}`)).statusCode).toBe(200);
      expect((await owner.get(`/api/courses/${planning}`)).statusCode).toBe(404);

      const active = await makeCourse();
      const course = (await owner.post(`/api/courses/${active}/activations`)).json().data;
      const refused = await owner.delete(`/api/courses/${active}`);
      expect(refused.statusCode).toBe(409);
      expect(errorsOf(refused)[0]?.message).toBe('Only a course in planning, or an archived course that has ended, can be deleted.');
      t.clock.advance(course.end_date - t.clock.now() + 1);
      expect((await owner.delete(`/api/courses/${active}`)).statusCode).toBe(409);
      await owner.post(`/api/courses/${active}/archive`);
      expect((await owner.delete(`/api/courses/${active}`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/courses/{id}/duplicate', () => {
    it('copies the settings into a new PLANNING course with no people, starting a week from now', async () => {
      const id = await makeCourse({ payment_type: 1, cadential_64: 'I' });
      await owner.post(`/api/courses/${id}/activations`);
      t.clock.advance(10 * DAY);
      const original = (await owner.get(`/api/courses/${id}`)).json().data;
      const res = await owner.post(`/api/courses/${id}/duplicate`);
      expect(res.statusCode).toBe(201);
      const copy = res.json().data;
      expect(copy.id).not.toBe(id);
      expect(copy).toMatchObject({
        title: 'Counterpoint (copy)',
        status: 'PLANNING',
        payment_type: 1,
        cadential_64: 'I',
        school_id: schoolId,
      });
      expect(copy.invitation_code).not.toBe(original.invitation_code);
      expect(copy.start_date).toBe(Math.ceil((t.clock.now() + 7 * DAY) / 3600) * 3600);
      expect(copy.end_date - copy.start_date).toBe(original.end_date - original.start_date);
      expect((await student.get(`/api/courses/${copy.id}`)).statusCode).toBe(404);
      expect((await ta.post(`/api/courses/${id}/duplicate`)).statusCode).toBe(403);
      expect((await other.post(`/api/courses/${id}/duplicate`)).statusCode).toBe(404);
      expect((await anonymous.post(`/api/courses/${id}/duplicate`)).statusCode).toBe(401);
    });

    it('refuses a student-type account made instructor of the course, as creating a course does (403; issue 26)', async () => {
      const id = await makeCourse();
      const { client: invited, id: invitedId } = await t.signedIn();
      await insertMembership(t.app.deps.db, { courseId: id, userId: invitedId, role: 'instructor', now: t.clock.now() });
      expect((await invited.post('/api/courses', { title: 'Mine' })).statusCode).toBe(403);
      const res = await invited.post(`/api/courses/${id}/duplicate`);
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]?.message).toBe(CourseMessages.onlyInstructorsCreate);
      // The course tells them so: no Duplicate, while its instructor-account owner keeps it.
      expect((await invited.get(`/api/courses/${id}`)).json().data.can).toMatchObject({ duplicate: false, edit_settings: true });
      const listed = (await invited.get('/api/users')).json().data.course_instructors as { id: number; can: { duplicate: boolean } }[];
      expect(listed.find((c) => c.id === id)?.can.duplicate).toBe(false);
      expect((await owner.get(`/api/courses/${id}`)).json().data.can.duplicate).toBe(true);
      const count = await t.app.deps.db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  describe('GET /api/users lists and POST /api/courses/weight', () => {
    it('lists each role in the person’s order with a constant number of queries', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await makeCourse({ title: `Course ${i}` }));
      const me = (await owner.get('/api/users')).json().data;
      expect(me.course_instructors.map((c: { id: number }) => c.id)).toEqual([...ids].reverse());
      expect((await ta.get('/api/users')).json().data.course_tas).toHaveLength(3);
      expect((await student.get('/api/users')).json().data.course_students[0].user_course_role).toBe('student');

      t.queries.length = 0;
      await owner.get('/api/users');
      const few = t.queries.length;
      for (let i = 0; i < 20; i++) await makeCourse({ title: `More ${i}` });
      t.queries.length = 0;
      const many = (await owner.get('/api/users')).json().data;
      expect(many.course_instructors).toHaveLength(23);
      expect(t.queries.length).toBe(few);
    });

    it('stores a new order and refuses lists that are not exactly the person’s courses', async () => {
      const a = await makeCourse({ title: 'A' });
      const b = await makeCourse({ title: 'B' });
      const c = await makeCourse({ title: 'C', payment_type: 1 });
      await owner.post(`/api/courses/${c}/archive`);
      expect((await anonymous.post('/api/courses/weight', { role: 'instructor', active: [a, b], archived: [c] })).statusCode).toBe(401);
      expect((await owner.post('/api/courses/weight', { role: 'instructor', active: [a, b], archived: [c] })).statusCode).toBe(200);
      expect((await owner.get('/api/users')).json().data.course_instructors.map((x: { id: number }) => x.id)).toEqual([a, b, c]);
      const wrong = await owner.post('/api/courses/weight', { role: 'instructor', active: [a], archived: [c] });
      expect(errorsOf(wrong)).toEqual([{ field: 'courses', messages: ['The new order must list exactly your current courses.'] }]);
      expect((await owner.post('/api/courses/weight', { role: 'instructor', active: [a, b, c], archived: [] })).statusCode).toBe(400);
      expect((await owner.post('/api/courses/weight', { role: 'instructor', active: [a, a], archived: [c] })).statusCode).toBe(400);
      // Another person's courses are not the caller's to order.
      expect((await other.post('/api/courses/weight', { role: 'instructor', active: [a, b], archived: [c] })).statusCode).toBe(400);
      expect((await owner.post('/api/courses/weight', { role: 'boss', active: [], archived: [] })).statusCode).toBe(400);
    });

    it('leaves a consistent order after concurrent reorders', async () => {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await makeCourse({ title: `R${i}` }));
      const orders = [ids, [...ids].reverse(), [ids[2], ids[0], ids[4], ids[1], ids[3]] as number[]];
      const results = await Promise.all(
        orders.map((order) => owner.post('/api/courses/weight', { role: 'instructor', active: order, archived: [] })),
      );
      for (const r of results) expect(r.statusCode).toBe(200);
      const final = (await owner.get('/api/users')).json().data.course_instructors.map((x: { id: number }) => x.id);
      expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(final));
    });
  });

  describe('GET /api/course-products', () => {
    it('lists products to instructors only', async () => {
      await insertCourseProduct(t.app.deps.db, { name: 'License', priceCents: 1999, path: 'lic', now: t.clock.now() });
      expect((await owner.get('/api/course-products')).json().data).toEqual([
        { id: expect.any(Number), name: 'License', price: '19.99', fastspring_product_path: 'lic' },
      ]);
      expect((await student.get('/api/course-products')).statusCode).toBe(403);
      expect((await anonymous.get('/api/course-products')).statusCode).toBe(401);
    });
  });

  it('the hourly sweep writes ENDED on courses past their end', async () => {
    const id = await makeCourse();
    const course = (await owner.get(`/api/courses/${id}`)).json().data;
    t.clock.advance(course.end_date - t.clock.now());
    expect(await t.app.services.courses.endPastCourses()).toBe(1);
    const row = await t.app.deps.db.selectFrom('courses').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ENDED');
    void ownerId;
  });
});
