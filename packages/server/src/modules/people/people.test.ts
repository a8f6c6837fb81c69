import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext, tokenOf } from '../../../test/helpers.ts';
import { insertMembership } from '../courses/repository.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';

describe.each(dialects)('people, invitations and enrollment (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let ownerId: number;
  let other: TestClient;
  let ta: TestClient;
  let taId: number;
  let student: TestClient;
  let studentId: number;
  let anonymous: TestClient;
  let courseId: number;
  let otherCourseId: number;
  let code: string;

  const newCourse = async (client: TestClient, activate = true) => {
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    const course = (await client.post('/api/courses', { title: 'Harmony', school_id: schoolId, academic_term_id: termId })).json().data;
    if (activate) {
      t.clock.advance(course.start_date - t.clock.now());
      await client.post(`/api/courses/${course.id}/activations`);
    }
    return course as { id: number; invitation_code: string };
  };

  beforeEach(async () => {
    t = await createTestApp(dialect, { SESSION_IDLE_SECONDS: '315360000', SESSION_MAX_SECONDS: '315360000' });
    ({ client: owner, id: ownerId } = await t.signedIn({ user_type: 2 }));
    ({ client: other } = await t.signedIn({ user_type: 2 }));
    ({ client: ta, id: taId } = await t.signedIn());
    ({ client: student, id: studentId } = await t.signedIn());
    anonymous = t.client();
    const course = await newCourse(owner);
    courseId = course.id;
    code = course.invitation_code;
    otherCourseId = (await newCourse(other)).id;
    await insertMembership(t.app.deps.db, { courseId, userId: taId, role: 'ta', now: t.clock.now() });
  });
  afterEach(async () => {
    await t.close();
  });

  describe('enrollment by invitation code', () => {
    it('makes a pending request that the instructor admits; the course reaches the student’s dashboard', async () => {
      const res = await student.post('/api/course-enrollment-requests', { invitation_code: ` ${code.toLowerCase()} ` });
      expect(res.statusCode).toBe(201);
      const request = res.json().data;
      expect(request).toMatchObject({
        status: 'PENDING',
        course: { id: courseId, title: 'Harmony', school: { school: 'Northfield University' } },
      });
      const again = await student.post('/api/course-enrollment-requests', { invitation_code: code });
      expect(again.statusCode).toBe(409);
      expect(errorsOf(again)[0]?.message).toBe('Enrollment request already submitted.');
      expect((await student.get('/api/users')).json().data.enrollment_requests).toHaveLength(1);

      const pending = (await ta.get(`/api/courses/${courseId}/course-enrollment-requests`)).json().data;
      expect(pending.map((r: { id: number }) => r.id)).toEqual([request.id]);
      expect((await ta.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [request.id] })).statusCode).toBe(404);
      const admitted = await owner.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [request.id] });
      expect(admitted.statusCode).toBe(200);
      const me = (await student.get('/api/users')).json().data;
      expect(me.course_students.map((c: { id: number }) => c.id)).toEqual([courseId]);
      expect(me.enrollment_requests[0].status).toBe('ACCEPTED');
      expect((await student.post('/api/course-enrollment-requests', { invitation_code: code })).statusCode).toBe(409);
    });

    it('refuses a wrong length, an unknown code, and courses not enrolling', async () => {
      expect(errorsOf(await student.post('/api/course-enrollment-requests', { invitation_code: 'ABC' }))).toEqual([
        { field: 'invitation_code', messages: ['Invitation code must be 6 digits'] },
      ]);
      const unknown = await student.post('/api/course-enrollment-requests', { invitation_code: 'ZZZZZ9' });
      expect(unknown.statusCode).toBe(404);
      expect(errorsOf(unknown)[0]?.message).toBe('No course uses this invitation code.');
      const planning = await newCourse(owner, false);
      expect(
        errorsOf(await student.post('/api/course-enrollment-requests', { invitation_code: planning.invitation_code }))[0]?.message,
      ).toBe('This course is not accepting enrollment requests.');
      t.clock.advance(15 * 86400);
      expect((await student.post('/api/course-enrollment-requests', { invitation_code: code })).statusCode).toBe(409);
      expect((await anonymous.post('/api/course-enrollment-requests', { invitation_code: code })).statusCode).toBe(401);
    });

    it('lets the student cancel their own pending request only', async () => {
      const id = (await student.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      expect((await ta.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(404);
      expect((await anonymous.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(401);
      expect((await student.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(200);
      expect((await student.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(404);
      expect((await student.get('/api/course-enrollment-requests')).json().data).toEqual([]);
      expect((await student.post('/api/course-enrollment-requests', { invitation_code: code })).statusCode).toBe(201);
    });

    it('a student cannot admit themselves, and a list with another course’s id applies nothing', async () => {
      const mine = (await student.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      expect((await student.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [mine] })).statusCode).toBe(404);
      const { client: second } = await t.signedIn();
      const otherCode = (await other.get(`/api/courses/${otherCourseId}`)).json().data.invitation_code;
      const foreign = (await second.post('/api/course-enrollment-requests', { invitation_code: otherCode })).json().data.id;
      const mixed = await owner.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [mine, foreign] });
      expect(mixed.statusCode).toBe(404);
      expect(errorsOf(mixed)[0]?.message).toBe(
        'Some of these enrollment requests do not exist, are already decided, or belong to a course you do not teach.',
      );
      expect((await owner.get(`/api/courses/${courseId}/course-enrollment-requests`)).json().data).toHaveLength(1);
      expect((await student.get(`/api/courses/${courseId}`)).statusCode).toBe(404);
      expect((await owner.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [] })).statusCode).toBe(400);
      expect((await anonymous.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [mine] })).statusCode).toBe(401);
    });

    it('rejects several at once, shown to the student as REJECTED, with a notification to those who want one', async () => {
      const a = (await student.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      const { client: second } = await t.signedIn();
      const b = (await second.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      await t.app.deps.db.updateTable('users').set({ will_receive_notification_emails: 1 }).where('id', '=', studentId).execute();
      const res = await owner.post('/api/course-enrollment-rejections', { course_enrollment_request_ids: [a, b] });
      expect(res.json().data.map((r: { status: string }) => r.status)).toEqual(['REJECTED', 'REJECTED']);
      expect((await student.get('/api/users')).json().data.enrollment_requests[0].status).toBe('REJECTED');
      await t.deliverMail();
      expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Your request to join Harmony']);
      expect((await owner.post('/api/course-enrollment-rejections', { course_enrollment_request_ids: [a] })).statusCode).toBe(404);
    });

    it('lets the student dismiss a declined request from their table, and only their own', async () => {
      const id = (await student.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      await owner.post('/api/course-enrollment-rejections', { course_enrollment_request_ids: [id] });
      expect((await ta.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(404);
      expect((await owner.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(404);
      expect((await anonymous.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(401);
      expect((await student.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(200);
      expect((await student.get('/api/users')).json().data.enrollment_requests).toEqual([]);
      expect((await student.get('/api/course-enrollment-requests')).json().data).toEqual([]);
      expect((await student.delete(`/api/course-enrollment-requests/${id}`)).statusCode).toBe(404);
      // An accepted request is not the student's to remove.
      const { client: second } = await t.signedIn();
      const accepted = (await second.post('/api/course-enrollment-requests', { invitation_code: code })).json().data.id;
      await owner.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [accepted] });
      expect((await second.delete(`/api/course-enrollment-requests/${accepted}`)).statusCode).toBe(404);
    });

    it('shows a course’s requests to its instructors and TAs only', async () => {
      expect((await anonymous.get(`/api/courses/${courseId}/course-enrollment-requests`)).statusCode).toBe(401);
      expect((await other.get(`/api/courses/${courseId}/course-enrollment-requests`)).statusCode).toBe(404);
      await student.post('/api/course-enrollment-requests', { invitation_code: code });
      const { client: member } = await t.signedIn();
      await insertMembership(t.app.deps.db, {
        courseId,
        userId: (await member.get('/api/users')).json().data.id,
        role: 'student',
        now: t.clock.now(),
      });
      const res = await member.get(`/api/courses/${courseId}/course-enrollment-requests`);
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]?.message).toBe('You are not an instructor of this course.');
    });
  });

  describe('invitations', () => {
    it('invites by e-mail, reporting bad, duplicate and member addresses one by one', async () => {
      const res = await owner.post('/api/course-invitations', {
        role: 'student',
        course: courseId,
        emails: ['new@example.com', 'not-an-email', 'NEW@example.com', (await student.get('/api/users')).json().data.email],
      });
      expect(res.statusCode).toBe(200);
      await insertMembership(t.app.deps.db, { courseId, userId: studentId, role: 'student', now: t.clock.now() });
      const results = res.json().data.results;
      expect(results[0]).toEqual({ email: 'not-an-email', invited: false, message: 'not-an-email is not a valid email address.' });
      expect(results[1]).toEqual({ email: 'new@example.com', invited: false, message: 'new@example.com has already been added.' });
      expect(results.filter((r: { invited: boolean }) => r.invited)).toHaveLength(2);
      await t.deliverMail();
      expect(t.mailer.sent.map((m) => m.to).sort()).toHaveLength(2);
      const link = t.mailer.lastLinkTo('new@example.com');
      expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/);
      const again = await owner.post('/api/course-invitations', { role: 'student', course: courseId, emails: ['new@example.com'] });
      expect(again.json().data.results[0].message).toBe('new@example.com has already been invited.');
      expect(
        (await ta.get(`/api/courses/${courseId}/course-invitations`)).json().data.map((i: { invitee_email: string }) => i.invitee_email),
      ).toContain('new@example.com');
    });

    it('needs an ACTIVE course for students, PLANNING or ACTIVE for staff, and an instructor', async () => {
      const planning = await newCourse(owner, false);
      const refused = await owner.post('/api/course-invitations', { role: 'student', course: planning.id, emails: ['a@example.com'] });
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)[0]?.message).toBe('You must activate the course first to invite students.');
      expect((await owner.post('/api/course-invitations', { role: 'ta', course: planning.id, emails: ['a@example.com'] })).statusCode).toBe(
        200,
      );
      expect((await ta.post('/api/course-invitations', { role: 'ta', course: courseId, emails: ['b@example.com'] })).statusCode).toBe(403);
      expect((await other.post('/api/course-invitations', { role: 'ta', course: courseId, emails: ['b@example.com'] })).statusCode).toBe(
        404,
      );
      expect(
        (await anonymous.post('/api/course-invitations', { role: 'ta', course: courseId, emails: ['b@example.com'] })).statusCode,
      ).toBe(401);
      expect((await owner.post('/api/course-invitations', { role: 'boss', course: courseId, emails: ['b@example.com'] })).statusCode).toBe(
        400,
      );
      expect((await owner.post('/api/course-invitations', { role: 'ta', course: courseId, emails: [] })).statusCode).toBe(400);
    });

    it('a link is looked up and accepted once; the invitee lands in the course in the invited role', async () => {
      const { client: invitee, email } = await t.signedIn();
      await owner.post('/api/course-invitations', { role: 'ta', course: courseId, emails: [email] });
      await t.deliverMail();
      const token = new URL(t.mailer.lastLinkTo(email)).pathname.split('/').pop() ?? '';
      expect((await anonymous.get(`/api/course-invitations/${token}`)).statusCode).toBe(401);
      const info = (await invitee.get(`/api/course-invitations/${token}`)).json().data;
      expect(info).toMatchObject({ join_as: 'ta', course_info: { id: courseId, title: 'Harmony' } });
      expect((await invitee.get('/api/users')).json().data.invitations).toHaveLength(1);
      expect((await invitee.patch(`/api/course-invitations/${token}`, { state: 'ACCEPTED' })).statusCode).toBe(200);
      expect((await invitee.get(`/api/courses/${courseId}`)).json().data.user_course_role).toBe('ta');
      expect((await invitee.patch(`/api/course-invitations/${token}`, { state: 'ACCEPTED' })).statusCode).toBe(404);
      expect((await invitee.get(`/api/course-invitations/${token}`)).statusCode).toBe(404);
      // An id too long for either engine finds nothing (it was a 500 on PostgreSQL, found by the route fuzz).
      expect((await invitee.patch('/api/course-invitations/99999999999999999999', { state: 'DECLINED' })).statusCode).toBe(404);
      expect((await invitee.get('/api/course-invitations/99999999999999999999')).statusCode).toBe(404);
      expect((await invitee.get('/api/users')).json().data.invitations).toHaveLength(0);
      void tokenOf;
    });

    it('accepting after the invitation was removed gives 404; declining works by id for the addressee only', async () => {
      const { client: invitee, email } = await t.signedIn();
      const created = (await owner.post('/api/course-invitations', { role: 'student', course: courseId, emails: [email] })).json().data
        .invitations[0];
      await t.deliverMail();
      const token = new URL(t.mailer.lastLinkTo(email)).pathname.split('/').pop() ?? '';
      expect((await ta.delete(`/api/course-invitations/${created.id}`)).statusCode).toBe(403);
      expect((await other.delete(`/api/course-invitations/${created.id}`)).statusCode).toBe(404);
      expect((await owner.delete(`/api/course-invitations/${created.id}`)).statusCode).toBe(200);
      const gone = await invitee.patch(`/api/course-invitations/${token}`, { state: 'ACCEPTED' });
      expect(gone.statusCode).toBe(404);
      expect(errorsOf(gone)[0]?.message).toBe('This course invitation is no longer available.');

      const second = (await owner.post('/api/course-invitations', { role: 'student', course: courseId, emails: [email] })).json().data
        .invitations[0];
      expect((await student.patch(`/api/course-invitations/${second.id}`, { state: 'DECLINED' })).statusCode).toBe(404);
      expect((await invitee.patch(`/api/course-invitations/${second.id}`, { state: 'MAYBE' })).statusCode).toBe(400);
      expect((await invitee.patch(`/api/course-invitations/${second.id}`, { state: 'DECLINED' })).json().data.state).toBe('DECLINED');
      expect((await invitee.get(`/api/courses/${courseId}`)).statusCode).toBe(404);
    });

    it('expires a link after 14 days', async () => {
      const { client: invitee, email } = await t.signedIn();
      await owner.post('/api/course-invitations', { role: 'ta', course: courseId, emails: [email] });
      await t.deliverMail();
      const token = new URL(t.mailer.lastLinkTo(email)).pathname.split('/').pop() ?? '';
      t.clock.advance(14 * 86400 + 1);
      expect((await invitee.patch(`/api/course-invitations/${token}`, { state: 'ACCEPTED' })).statusCode).toBe(404);
    });
  });

  describe('personnel', () => {
    it('lists each role to instructors and TAs', async () => {
      await insertMembership(t.app.deps.db, { courseId, userId: studentId, role: 'student', now: t.clock.now() });
      expect((await ta.get(`/api/courses/${courseId}/students`)).json().data.map((p: { user_id: number }) => p.user_id)).toEqual([
        studentId,
      ]);
      expect((await owner.get(`/api/courses/${courseId}/tas`)).json().data.map((p: { user_id: number }) => p.user_id)).toEqual([taId]);
      expect((await owner.get(`/api/courses/${courseId}/instructors`)).json().data.map((p: { user_id: number }) => p.user_id)).toEqual([
        ownerId,
      ]);
      expect((await student.get(`/api/courses/${courseId}/students`)).statusCode).toBe(403);
      expect((await other.get(`/api/courses/${courseId}/students`)).statusCode).toBe(404);
      expect((await anonymous.get(`/api/courses/${courseId}/students`)).statusCode).toBe(401);
    });

    it('removes people: instructors only, never themselves, never the last instructor', async () => {
      await insertMembership(t.app.deps.db, { courseId, userId: studentId, role: 'student', now: t.clock.now() });
      expect((await ta.delete(`/api/courses/${courseId}/students/${studentId}`)).statusCode).toBe(403);
      expect((await other.delete(`/api/courses/${courseId}/students/${studentId}`)).statusCode).toBe(404);
      expect((await anonymous.delete(`/api/courses/${courseId}/students/${studentId}`)).statusCode).toBe(401);
      expect((await owner.delete(`/api/courses/${courseId}/tas/${studentId}`)).statusCode).toBe(404);
      expect((await owner.delete(`/api/courses/${courseId}/tas/${taId}`)).statusCode).toBe(200);
      expect((await ta.get(`/api/courses/${courseId}`)).statusCode).toBe(404);
      const self = await owner.delete(`/api/courses/${courseId}/instructors/${ownerId}`);
      expect(self.statusCode).toBe(403);
      expect(errorsOf(self)[0]?.message).toBe('You cannot remove yourself from a course.');
      const { client: second, email } = await t.signedIn({ user_type: 2 });
      await owner.post('/api/course-invitations', { role: 'instructor', course: courseId, emails: [email] });
      await t.deliverMail();
      const token = new URL(t.mailer.lastLinkTo(email)).pathname.split('/').pop() ?? '';
      await second.patch(`/api/course-invitations/${token}`, { state: 'ACCEPTED' });
      const secondId = (await second.get('/api/users')).json().data.id;
      expect((await second.delete(`/api/courses/${courseId}/instructors/${ownerId}`)).statusCode).toBe(200);
      const last = await second.delete(`/api/courses/${courseId}/instructors/${secondId}`);
      expect(last.statusCode).toBe(403);
    });
  });
});
