import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext } from '../../../test/helpers.ts';

const form = { school_name: 'Riverside High School', phone: '+1 (555) 010-2030', web_site: 'https://riverside.example.edu' };

describe.each(dialects)('POST /api/teacher-account-requests (%s)', (dialect) => {
  let t: TestContext;
  let student: { id: number; email: string };
  let c: TestClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    student = await t.createUser({ first_name: 'Nadia' });
    c = t.client();
    await c.signIn(student.email);
  });
  afterEach(async () => {
    await t.close();
  });

  const pendingFlag = async (client: TestClient) => (await client.get('/api/users')).json().data.has_pending_teacher_account_request;

  it('answers 401 when signed out', async () => {
    const res = await t.client().post('/api/teacher-account-requests', form);
    expect(res.statusCode).toBe(401);
  });

  it("tells an instructor they're already one (403)", async () => {
    const instructor = t.client();
    await instructor.signIn((await t.createUser({ user_type: 2 })).email);
    const res = await instructor.post('/api/teacher-account-requests', form);
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([{ code: 'already_instructor', message: "You're already an instructor." }]);
  });

  it('refuses a missing school name, a bad phone number and a bad web site with clear messages', async () => {
    const missing = await c.post('/api/teacher-account-requests', { web_site: 'riverside.example.edu' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual([
      { field: 'school_name', messages: ['School name is required.'] },
      { field: 'phone', messages: ['Phone number is required.'] },
    ]);
    expect(errorsOf(await c.post('/api/teacher-account-requests', { ...form, school_name: '   ' }))).toEqual([
      { field: 'school_name', messages: ['School name is required.'] },
    ]);
    expect(errorsOf(await c.post('/api/teacher-account-requests', { ...form, school_name: 'x'.repeat(201) }))).toEqual([
      { field: 'school_name', messages: ['School name must be at most 200 characters.'] },
    ]);
    for (const phone of ['call me', '12345', '+1 555 010 2030 4444 5555']) {
      expect(errorsOf(await c.post('/api/teacher-account-requests', { ...form, phone }))).toEqual([
        { field: 'phone', messages: ['Please enter a valid phone number.'] },
      ]);
    }
    for (const web_site of ['not a site', 'https://localhost', 'ftp://files.example.edu']) {
      expect(errorsOf(await c.post('/api/teacher-account-requests', { ...form, web_site }))).toEqual([
        { field: 'web_site', messages: ['Please enter a valid web site address, such as https://www.school.edu.'] },
      ]);
    }
    expect(await pendingFlag(c)).toBe(false);
  });

  it('stores a request, marks the user pending and refuses a second one (409)', async () => {
    const now = t.clock.now();
    const res = await c.post('/api/teacher-account-requests', {
      school_name: '  Riverside High  ',
      phone: '555 010 2030',
      web_site: 'riverside.example.edu',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      school_name: 'Riverside High',
      phone: '555 010 2030',
      web_site: 'https://riverside.example.edu',
      status: 'PENDING',
      created_at: now,
    });
    expect(await pendingFlag(c)).toBe(true);
    // Sign-in answers with the same user shape.
    const again = await t.client().post('/api/users/sign-in', { email: student.email, password: 'GoodPass123' });
    expect(again.json().data.user.has_pending_teacher_account_request).toBe(true);

    const second = await c.post('/api/teacher-account-requests', form);
    expect(second.statusCode).toBe(409);
    expect(errorsOf(second)).toEqual([
      { code: 'teacher_request_pending', message: 'Your teacher account request is already waiting for review.' },
    ]);
  });

  it('accepts a request without a web site', async () => {
    const res = await c.post('/api/teacher-account-requests', { school_name: 'Home studio', phone: '010-1234-5678' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.web_site).toBe('');
  });

  it("does not mark another user's profile", async () => {
    const other = t.client();
    await other.signIn((await t.createUser()).email);
    expect((await other.post('/api/teacher-account-requests', form)).statusCode).toBe(201);
    expect(await pendingFlag(c)).toBe(false);
    expect(await pendingFlag(other)).toBe(true);
  });

  it('follows the decision: a rejected student may ask again, an approved one is an instructor', async () => {
    await c.post('/api/teacher-account-requests', form);
    await t.app.services.teacherRequests.reject({ email: student.email });
    expect(await pendingFlag(c)).toBe(false);

    expect((await c.post('/api/teacher-account-requests', form)).statusCode).toBe(201);
    expect(await pendingFlag(c)).toBe(true);
    await t.app.services.teacherRequests.approve({ email: student.email });
    const user = (await c.get('/api/users')).json().data;
    expect(user.user_type).toBe(2);
    expect(user.has_pending_teacher_account_request).toBe(false);
    expect((await c.post('/api/teacher-account-requests', form)).statusCode).toBe(403);
  });

  it('lets only one of two racing submissions through', async () => {
    const results = await Promise.all([c.post('/api/teacher-account-requests', form), c.post('/api/teacher-account-requests', form)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.services.teacherRequests.list()).toHaveLength(1);
  });
});
