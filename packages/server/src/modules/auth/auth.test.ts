import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, PASSWORD, type TestContext, tokenOf } from '../../../test/helpers.ts';

describe.each(dialects)('accounts and sessions (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect, {
      SESSION_IDLE_SECONDS: '60',
      SESSION_MAX_SECONDS: '150',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '5',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /api/users/sign-in', () => {
    it('signs in and sends the token headers', async () => {
      const { email } = await t.createUser();
      const res = await t.client().post('/api/users/sign-in', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-access-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Number(res.headers['x-token-expire'])).toBe(t.clock.now() + 60);
      const body = res.json();
      expect(body.data.user.email).toBe(email);
      expect(JSON.stringify(body)).not.toContain('password');
    });

    it('accepts the form encoding', async () => {
      const { email } = await t.createUser();
      const form = `email=${encodeURIComponent(email)}&password=${PASSWORD}`;
      const res = await t.client().post('/api/users/sign-in', form, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(200);
    });

    it('answers 401 with the spec message for a wrong password or an unknown e-mail', async () => {
      const { email } = await t.createUser();
      for (const body of [
        { email, password: 'WrongPass123' },
        { email: 'nobody@example.com', password: PASSWORD },
      ]) {
        const res = await t.client().post('/api/users/sign-in', body);
        expect(res.statusCode).toBe(401);
        expect(errorsOf(res)).toEqual([{ code: 'invalid_credentials', message: 'Email or password is not correct.' }]);
      }
    });

    it('answers 400 naming the missing fields', async () => {
      const res = await t.client().post('/api/users/sign-in', { email: '' });
      expect(res.statusCode).toBe(400);
      const fields = errorsOf(res).map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
      for (const e of errorsOf(res)) for (const m of e.messages ?? []) expect(m).toMatch(/\.$/);
    });

    it('answers 400, not 500, for malformed JSON', async () => {
      const res = await t.client().post('/api/users/sign-in', '{"email":', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]?.message).toMatch(/\.$/);
    });

    it('answers 409 when already signed in', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      const res = await c.post('/api/users/sign-in', { email, password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)).toEqual([{ code: 'already_signed_in', message: "You've already signed in." }]);
    });

    it('answers 429 after too many failures for one account, even with the right password', async () => {
      const { email } = await t.createUser();
      const c = t.client('10.0.0.1');
      for (let i = 0; i < 3; i++) expect((await c.post('/api/users/sign-in', { email, password: 'Nope12345' })).statusCode).toBe(401);
      const res = await t.client('10.0.0.2').post('/api/users/sign-in', { email, password: PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(errorsOf(res)).toEqual([{ code: 'rate_limited', message: 'Too many requests. Please wait and try again later.' }]);
      t.clock.advance(901);
      expect((await t.client('10.0.0.2').post('/api/users/sign-in', { email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('answers 429 after too many failures from one address across accounts', async () => {
      const { email } = await t.createUser();
      const c = t.client('10.0.0.9');
      for (let i = 0; i < 5; i++) await c.post('/api/users/sign-in', { email: `other${i}@example.com`, password: 'Nope12345' });
      expect((await c.post('/api/users/sign-in', { email, password: PASSWORD })).statusCode).toBe(429);
      expect((await t.client('10.0.0.10').post('/api/users/sign-in', { email, password: PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing call without the header or with another value', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      const missing = await c.request('POST', '/api/users/sign-in', { body: { email, password: PASSWORD }, csrf: false });
      expect(missing.statusCode).toBe(403);
      expect(errorsOf(missing)[0]?.code).toBe('csrf_failed');
      const mismatched = await t.app.inject({
        method: 'POST',
        url: '/api/users/sign-in',
        cookies: { csrftoken: 'a'.repeat(43) },
        headers: { 'x-csrftoken': 'b'.repeat(43), 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(mismatched.statusCode).toBe(403);
    });

    it('hands out the cookie on a GET', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/csrf' });
      const cookie = res.cookies.find((c) => c.name === 'csrftoken');
      expect(cookie?.value).toBe(res.json().data.csrf_token);
      expect(cookie?.sameSite).toBe('Strict');
    });
  });

  describe('sessions', () => {
    it('slides the idle expiry with activity and ends after the idle limit', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      t.clock.advance(50);
      const active = await c.get('/api/users');
      expect(active.statusCode).toBe(200);
      expect(Number(active.headers['x-token-expire'])).toBe(t.clock.now() + 60);
      t.clock.advance(61);
      const expired = await c.get('/api/users');
      expect(expired.statusCode).toBe(401);
      expect(errorsOf(expired)[0]?.code).toBe('session_expired');
    });

    it('serves background requests (polls) without counting them as activity (issue 16)', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      const signedIn = await c.signIn(email);
      const expiresAt = Number(signedIn.headers['x-token-expire']);
      const poll = () => c.request('GET', '/api/users', { headers: { 'x-background-request': '1' } });
      for (const wait of [20, 20, 19]) {
        t.clock.advance(wait);
        const res = await poll();
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers['x-token-expire'])).toBe(expiresAt);
      }
      t.clock.advance(2);
      expect(errorsOf(await poll())[0]?.code).toBe('session_expired');
    });

    it('still slides for the user’s own calls and for Continue (renewal) sent as background', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      t.clock.advance(30);
      const renewed = await c.request('GET', '/api/users/renew-access-token', { headers: { 'x-background-request': '1' } });
      expect(Number(renewed.headers['x-token-expire'])).toBe(t.clock.now() + 60);
      t.clock.advance(30);
      expect(Number((await c.get('/api/users')).headers['x-token-expire'])).toBe(t.clock.now() + 60);
    });

    it('ends at the absolute limit however active the user is', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      for (let i = 0; i < 2; i++) {
        t.clock.advance(50);
        expect((await c.get('/api/users')).statusCode).toBe(200);
      }
      t.clock.advance(40);
      const last = await c.get('/api/users');
      expect(last.statusCode).toBe(200);
      // The idle expiry is capped by the absolute one.
      expect(Number(last.headers['x-token-expire'])).toBe(t.clock.now() + 10);
      t.clock.advance(11);
      expect((await c.get('/api/users')).statusCode).toBe(401);
    });

    it('renews the token to the full idle limit', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      t.clock.advance(3);
      const res = await c.get('/api/users/renew-access-token');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.expires_at).toBe(t.clock.now() + 60);
      expect(res.headers['x-token-expire']).toBe(String(t.clock.now() + 60));
      expect(res.headers['x-access-token']).toBe(c.token);
    });

    it('refuses renewal and sign-out when signed out', async () => {
      const c = t.client();
      expect((await c.get('/api/users/renew-access-token')).statusCode).toBe(401);
      const out = await c.get('/api/users/sign-out');
      expect(out.statusCode).toBe(401);
      expect(errorsOf(out)[0]?.code).toBe('unauthenticated');
      c.token = 'not-a-real-token';
      expect(errorsOf(await c.get('/api/users'))[0]?.code).toBe('session_expired');
    });

    it('revokes the session on sign-out', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      expect((await c.get('/api/users/sign-out')).statusCode).toBe(200);
      expect((await c.get('/api/users')).statusCode).toBe(401);
    });
  });

  describe('POST /api/users (sign-up) and POST /api/users/password', () => {
    const person = { first_name: 'Nadia', last_name: 'Boulanger', email: 'nadia@example.com', will_receive_notification_emails: true };

    it('creates the account, mails the link, and the link sets the password and signs in once', async () => {
      const c = t.client();
      const res = await c.post('/api/users', { ...person, language: 'ko' });
      expect(res.statusCode).toBe(201);
      await t.deliverMail();
      const mail = t.mailer.sent.at(-1);
      expect(mail?.to).toBe('nadia@example.com');
      expect(mail?.subject).toBe('계정 생성을 완료하세요');
      const link = t.mailer.lastLinkTo('nadia@example.com');
      expect(link).toMatch(/^http:\/\/localhost:3000\/create-password\?token=/);

      const created = await c.post('/api/users/password', { token: tokenOf(link), password: 'Fresh1234', password_confirm: 'Fresh1234' });
      expect(created.statusCode).toBe(200);
      c.token = created.headers['x-access-token'] as string;
      const me = await c.get('/api/users');
      expect(me.json().data).toMatchObject({
        email: 'nadia@example.com',
        user_type: 1,
        language: 'ko',
        will_receive_notification_emails: true,
        course_instructors: [],
        invitations: [],
      });

      const again = await t
        .client()
        .post('/api/users/password', { token: tokenOf(link), password: 'Other1234', password_confirm: 'Other1234' });
      expect(again.statusCode).toBe(401);
      expect(errorsOf(again)).toEqual([{ code: 'invalid_link', message: 'This link is no longer valid.' }]);
      expect((await t.client().post('/api/users/sign-in', { email: 'nadia@example.com', password: 'Fresh1234' })).statusCode).toBe(200);
    });

    it('refuses a taken e-mail with the spec message', async () => {
      await t.createUser({ email: 'taken@example.com' });
      const res = await t.client().post('/api/users', { ...person, email: 'Taken@Example.com' });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'email', messages: ['This email has already been taken.'] }]);
    });

    it('refuses bad input field by field', async () => {
      const res = await t.client().post('/api/users', { first_name: '', last_name: 'X', email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(
        errorsOf(res)
          .map((e) => e.field)
          .sort(),
      ).toEqual(['email', 'first_name']);
    });

    it('answers 409 when signed in', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      expect((await c.post('/api/users', person)).statusCode).toBe(409);
    });

    it('makes nothing when a decoy field is filled, but answers like a success', async () => {
      const res = await t.client().post('/api/users', { ...person, phone_number: '555-0100' });
      expect(res.statusCode).toBe(201);
      await t.deliverMail();
      expect(t.mailer.sent).toHaveLength(0);
      expect((await t.client().post('/api/users', person)).statusCode).toBe(201);
    });

    it('checks the password rules and the confirmation', async () => {
      await t.client().post('/api/users', person);
      await t.deliverMail();
      const token = tokenOf(t.mailer.lastLinkTo(person.email));
      const weak = await t.client().post('/api/users/password', { token, password: 'short', password_confirm: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(errorsOf(weak)).toEqual([
        {
          field: 'password',
          messages: [
            'Password must be at least 8 characters.',
            'Password must contain an uppercase letter.',
            'Password must contain a digit.',
          ],
        },
      ]);
      const mismatch = await t.client().post('/api/users/password', { token, password: 'Fresh1234', password_confirm: 'Fresh12345' });
      expect(errorsOf(mismatch)).toEqual([{ field: 'password_confirm', messages: ['The passwords do not match.'] }]);
    });

    it('changes the password of a signed-in user who knows the current one, ending their other sessions', async () => {
      const { email } = await t.createUser();
      const c = t.client();
      await c.signIn(email);
      const other = t.client();
      await other.signIn(email);
      const body = { password: 'Changed123', password_confirm: 'Changed123' };
      expect((await t.client().post('/api/users/password', body)).statusCode).toBe(401);
      expect(errorsOf(await c.post('/api/users/password', body))).toEqual([
        { field: 'current_password', messages: ['Please enter your current password.'] },
      ]);
      const wrong = await c.post('/api/users/password', { ...body, current_password: 'Wrong1234' });
      expect(errorsOf(wrong)).toEqual([{ field: 'current_password', messages: ['The current password is not correct.'] }]);
      expect((await c.post('/api/users/password', { ...body, current_password: PASSWORD })).statusCode).toBe(200);
      expect((await c.get('/api/users')).statusCode).toBe(200);
      expect((await other.get('/api/users')).statusCode).toBe(401);
      expect((await t.client().post('/api/users/sign-in', { email, password: 'Changed123' })).statusCode).toBe(200);
    });
  });

  describe('POST /api/users/password-reset', () => {
    it('mails a reset link for a known account and answers the same for an unknown one', async () => {
      const { email } = await t.createUser();
      expect((await t.client().post('/api/users/password-reset', { email })).statusCode).toBe(200);
      expect((await t.client().post('/api/users/password-reset', { email: 'ghost@example.com' })).statusCode).toBe(200);
      await t.deliverMail();
      expect(t.mailer.sent.map((m) => m.to)).toEqual([email]);
      const token = tokenOf(t.mailer.lastLinkTo(email));
      const res = await t.client().post('/api/users/password', { token, password: 'Reset1234', password_confirm: 'Reset1234' });
      expect(res.statusCode).toBe(200);
      expect((await t.client().post('/api/users/sign-in', { email, password: PASSWORD })).statusCode).toBe(401);
      expect((await t.client().post('/api/users/sign-in', { email, password: 'Reset1234' })).statusCode).toBe(200);
    });

    it('expires the reset link after an hour', async () => {
      const { email } = await t.createUser();
      await t.client().post('/api/users/password-reset', { email });
      t.clock.advance(3601);
      await t.deliverMail();
      const token = tokenOf(t.mailer.lastLinkTo(email));
      const res = await t.client().post('/api/users/password', { token, password: 'Reset1234', password_confirm: 'Reset1234' });
      expect(res.statusCode).toBe(401);
    });

    it('ends every older reset link when a new one is issued or one is used (issue 16)', async () => {
      const { email } = await t.createUser();
      const reset = (token: string, password: string) =>
        t.client().post('/api/users/password', { token, password, password_confirm: password });
      await t.client().post('/api/users/password-reset', { email });
      await t.deliverMail();
      const first = tokenOf(t.mailer.lastLinkTo(email));
      await t.client().post('/api/users/password-reset', { email });
      await t.deliverMail();
      const second = tokenOf(t.mailer.lastLinkTo(email));
      await t.client().post('/api/users/password-reset', { email });
      await t.deliverMail();
      const third = tokenOf(t.mailer.lastLinkTo(email));
      expect(errorsOf(await reset(first, 'Reset1234'))[0]?.code).toBe('invalid_link');
      expect((await reset(third, 'Reset1234')).statusCode).toBe(200);
      // `second` was already ended by `third`; using `third` must not bring it back.
      expect((await reset(second, 'Other1234')).statusCode).toBe(401);
      expect((await t.client().post('/api/users/sign-in', { email, password: 'Reset1234' })).statusCode).toBe(200);
    });

    it('ends an open reset link when the signed-in user changes the password', async () => {
      const { email } = await t.createUser();
      await t.client().post('/api/users/password-reset', { email });
      await t.deliverMail();
      const token = tokenOf(t.mailer.lastLinkTo(email));
      const c = t.client();
      await c.signIn(email);
      const changed = await c.post('/api/users/password', {
        current_password: PASSWORD,
        password: 'Changed123',
        password_confirm: 'Changed123',
      });
      expect(changed.statusCode).toBe(200);
      const res = await t.client().post('/api/users/password', { token, password: 'Reset1234', password_confirm: 'Reset1234' });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a malformed e-mail with the spec message, and ignores the decoy', async () => {
      const bad = await t.client().post('/api/users/password-reset', { email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(errorsOf(bad)).toEqual([{ field: 'email', messages: ['Requested email address is invalid.'] }]);
      const { email } = await t.createUser();
      expect((await t.client().post('/api/users/password-reset', { email, password: 'bot' })).statusCode).toBe(200);
      await t.deliverMail();
      expect(t.mailer.sent).toHaveLength(0);
    });
  });

  describe('POST /api/users/sign-in/token', () => {
    it('signs in once with a link token', async () => {
      const { id } = await t.createUser();
      const token = await t.app.services.auth.issueSignInToken(id);
      const c = t.client();
      const res = await c.post('/api/users/sign-in/token', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(id);
      c.token = res.headers['x-access-token'] as string;
      const conflict = await c.post('/api/users/sign-in/token', { token });
      expect(conflict.statusCode).toBe(409);
      const reused = await t.client().post('/api/users/sign-in/token', { token });
      expect(reused.statusCode).toBe(401);
      expect(errorsOf(reused)).toEqual([{ code: 'invalid_link', message: 'This link is no longer valid.' }]);
    });

    it('refuses an expired or missing token', async () => {
      const { id } = await t.createUser();
      const token = await t.app.services.auth.issueSignInToken(id);
      t.clock.advance(3601);
      expect((await t.client().post('/api/users/sign-in/token', { token })).statusCode).toBe(401);
      expect((await t.client().post('/api/users/sign-in/token', {})).statusCode).toBe(400);
    });

    it('mails a sign-in link to /sign-in?token=', async () => {
      const { email } = await t.createUser();
      await t.app.services.auth.sendSignInLink(email);
      await t.deliverMail();
      expect(t.mailer.lastLinkTo(email)).toMatch(/\/sign-in\?token=/);
    });
  });
});
