import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, PASSWORD, type TestClient, type TestContext, tokenOf } from '../../../test/helpers.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';

describe.each(dialects)('GET and PUT /api/users (%s)', (dialect) => {
  let t: TestContext;
  let c: TestClient;
  let user: { id: number; email: string };
  beforeEach(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    c = t.client();
    await c.signIn(user.email);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 401 when signed out', async () => {
    expect((await t.client().get('/api/users')).statusCode).toBe(401);
    expect((await t.client().put('/api/users', { first_name: 'X' })).statusCode).toBe(401);
  });

  it('returns the user and the course lists', async () => {
    const res = await c.get('/api/users');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      first_name: 'Ada',
      timezone_name: 'UTC',
      language: 'en',
      has_pending_teacher_account_request: false,
      course_instructors: [],
      course_students: [],
      course_tas: [],
      invitations: [],
      enrollment_requests: [],
    });
  });

  it('changes names, language, time zone and e-mail preferences', async () => {
    const zones = (await c.get('/api/timezones')).json().data as { id: number; timezone: string }[];
    const seoul = zones.find((z) => z.timezone === 'Asia/Seoul');
    const res = await c.put('/api/users', {
      first_name: '  Augusta ',
      language: 'zh-hant',
      timezone: seoul?.id,
      will_receive_marketing_emails: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Augusta',
      language: 'zh-hant',
      timezone_name: 'Asia/Seoul',
      will_receive_marketing_emails: true,
    });
  });

  it('changes the last name and the notification preference, and keeps them', async () => {
    const res = await c.put('/api/users', {
      last_name: 'Byron',
      will_receive_notification_emails: true,
      will_receive_marketing_emails: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/users')).json().data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Byron',
      will_receive_notification_emails: true,
      will_receive_marketing_emails: false,
    });
    const back = await c.put('/api/users', { will_receive_notification_emails: false });
    expect(back.json().data.will_receive_notification_emails).toBe(false);
  });

  it('keeps the e-mail without asking for a password when it does not change', async () => {
    const res = await c.put('/api/users', { email: user.email.toUpperCase(), first_name: 'Augusta' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: user.email, first_name: 'Augusta' });
  });

  it('never accepts id, uuid or user_type', async () => {
    const res = await c.put('/api/users', { user_type: 2, id: 99, uuid: 'x' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]?.messages?.[0]).toBe('These fields cannot be changed: user_type, id, uuid.');
    expect((await c.get('/api/users')).json().data.user_type).toBe(1);
  });

  it('refuses a bad language, an unknown or non-integer time zone, an empty name', async () => {
    expect(errorsOf(await c.put('/api/users', { language: 'fr' }))).toEqual([
      { field: 'language', messages: ['Language must be one of en, zh-hans, zh-hant, ko.'] },
    ]);
    expect(errorsOf(await c.put('/api/users', { timezone: 999999 }))).toEqual([
      { field: 'timezone', messages: ['This time zone does not exist.'] },
    ]);
    expect((await c.put('/api/users', { timezone: 'UTC' } as never)).statusCode).toBe(400);
    expect(errorsOf(await c.put('/api/users', { last_name: '   ' }))).toEqual([
      { field: 'last_name', messages: ['Last name is required.'] },
    ]);
  });

  it('changes the e-mail only with the current password and a free address', async () => {
    await t.createUser({ email: 'taken@example.com' });
    expect(errorsOf(await c.put('/api/users', { email: 'new@example.com' }))[0]?.field).toBe('current_password');
    expect(errorsOf(await c.put('/api/users', { email: 'new@example.com', current_password: 'Wrong1234' }))).toEqual([
      { field: 'current_password', messages: ['The current password is not correct.'] },
    ]);
    expect(errorsOf(await c.put('/api/users', { email: 'taken@example.com', current_password: PASSWORD }))).toEqual([
      { field: 'email', messages: ['This email has already been taken.'] },
    ]);
    const ok = await c.put('/api/users', { email: 'New@Example.com', current_password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    // The new address takes effect only once the link mailed to it is followed (issue 16).
    expect(ok.json().data.email).toBe(user.email);
    expect((await c.get('/api/users')).json().data).toMatchObject({ email: user.email, pending_email: 'new@example.com' });
    await t.deliverMail();
    const confirmed = await t.client().post('/api/users/email-confirmation', { token: tokenOf(t.mailer.lastLinkTo('new@example.com')) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ email: 'new@example.com' });
    expect((await c.get('/api/users')).json().data).toMatchObject({ email: 'new@example.com', pending_email: null });
    expect((await t.client().post('/api/users/sign-in', { email: 'new@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  describe('e-mail change confirmation (issue 16)', () => {
    const invite = async (email: string) => {
      const { client: instructor, email: instructorEmail } = await t.signedIn({ user_type: 2 });
      const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
      const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
      const course = (await instructor.post('/api/courses', { title: 'Harmony', school_id: schoolId, academic_term_id: termId })).json()
        .data;
      t.clock.advance(course.start_date - t.clock.now() + 60);
      // The wait for the course start may outlast the idle limit (it depends on today's date): sign in afresh where it did.
      const stayIn = async (client: TestClient, email: string) => {
        if ((await client.get('/api/users')).statusCode === 401) await client.signIn(email);
      };
      await stayIn(instructor, instructorEmail);
      await stayIn(c, user.email);
      await instructor.post(`/api/courses/${course.id}/activations`);
      const res = await instructor.post('/api/course-invitations', { role: 'student', course: course.id, emails: [email] });
      expect(res.json().data?.results[0].invited, res.body).toBe(true);
    };
    const myInvitations = async () =>
      ((await c.get('/api/users')).json().data.invitations as { invitee_email: string }[]).map((i) => i.invitee_email);

    it('keeps matching invitations by the old address until the new one is confirmed', async () => {
      await invite('victim@example.com');
      const res = await c.put('/api/users', { email: 'victim@example.com', current_password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(await myInvitations()).toEqual([]);
      expect((await c.get('/api/users')).json().data.email).toBe(user.email);
      // Only the owner of the new address can finish the change.
      await t.deliverMail();
      const link = t.mailer.lastLinkTo('victim@example.com');
      expect(link).toMatch(/\/confirm-email\?token=/);
      expect((await t.client().post('/api/users/email-confirmation', { token: tokenOf(link) })).statusCode).toBe(200);
      expect(await myInvitations()).toEqual(['victim@example.com']);
    });

    it('tells the old address, without a link', async () => {
      await c.put('/api/users', { email: 'next@example.com', current_password: PASSWORD });
      await t.deliverMail();
      const notice = t.mailer.sent.find((m) => m.to === user.email);
      expect(notice?.subject).toBe('A change of your e-mail address was requested');
      expect(notice?.text).toContain('next@example.com');
      expect(notice?.link).toBeUndefined();
      expect(notice?.text).not.toMatch(/token=/);
    });

    it('uses a link once, ends older links, and refuses an address taken meanwhile', async () => {
      await c.put('/api/users', { email: 'first@example.com', current_password: PASSWORD });
      await t.deliverMail();
      const first = tokenOf(t.mailer.lastLinkTo('first@example.com'));
      await c.put('/api/users', { email: 'second@example.com', current_password: PASSWORD });
      await t.deliverMail();
      const second = tokenOf(t.mailer.lastLinkTo('second@example.com'));
      expect(errorsOf(await t.client().post('/api/users/email-confirmation', { token: first }))[0]?.code).toBe('invalid_link');
      await t.createUser({ email: 'second@example.com' });
      expect(errorsOf(await t.client().post('/api/users/email-confirmation', { token: second }))).toEqual([
        { field: 'email', messages: ['This email has already been taken.'] },
      ]);
      expect(errorsOf(await t.client().post('/api/users/email-confirmation', { token: second }))[0]?.code).toBe('invalid_link');
      expect((await c.get('/api/users')).json().data.email).toBe(user.email);
    });

    it('expires after 24 hours, and ends when the password changes', async () => {
      await c.put('/api/users', { email: 'late@example.com', current_password: PASSWORD });
      t.clock.advance(24 * 3600 + 1);
      await t.deliverMail();
      expect(
        (await t.client().post('/api/users/email-confirmation', { token: tokenOf(t.mailer.lastLinkTo('late@example.com')) })).statusCode,
      ).toBe(400);
      await c.signIn(user.email);
      await c.put('/api/users', { email: 'mine@example.com', current_password: PASSWORD });
      await c.post('/api/users/password', { current_password: PASSWORD, password: 'Changed123', password_confirm: 'Changed123' });
      expect((await c.get('/api/users')).json().data.pending_email).toBeNull();
      await t.deliverMail();
      const res = await t.client().post('/api/users/email-confirmation', { token: tokenOf(t.mailer.lastLinkTo('mine@example.com')) });
      expect(errorsOf(res)[0]?.code).toBe('invalid_link');
    });

    it('refuses a missing or malformed token with a 400', async () => {
      expect((await t.client().post('/api/users/email-confirmation', {})).statusCode).toBe(400);
      expect((await t.client().post('/api/users/email-confirmation', { token: 'x'.repeat(500) })).statusCode).toBe(400);
      expect((await t.client().post('/api/users/email-confirmation', { token: 'unknown' })).statusCode).toBe(400);
    });
  });
});
