import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, PASSWORD, type TestClient, type TestContext } from '../../../test/helpers.ts';

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
    expect(ok.json().data.email).toBe('new@example.com');
    expect((await t.client().post('/api/users/sign-in', { email: 'new@example.com', password: PASSWORD })).statusCode).toBe(200);
  });
});
