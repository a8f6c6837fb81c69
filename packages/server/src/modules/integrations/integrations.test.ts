import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { type StandIns, startStandIns } from '../../../test/stand-ins.ts';
import { NEW_DOCUMENT_SETTINGS } from '../assignments/policy.ts';
import { insertCourseProduct, insertMembership } from '../courses/repository.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';

const DAY = 86400;
const b64 = (s: string) => Buffer.from(s).toString('base64');
let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(async () => {
  await standIns.close();
});

describe.each(dialects)('integrations (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let ownerToken: string;
  let ta: TestClient;
  let other: TestClient;
  let student: TestClient;
  let studentId: number;
  let classmate: TestClient;
  let courseId: number;
  let productId: number;

  const setUp = async (env: Record<string, string>) => {
    t = await createTestApp(dialect, { SESSION_IDLE_SECONDS: '315360000', SESSION_MAX_SECONDS: '315360000', ...env });
    ({ client: owner } = await t.signedIn({ user_type: 2 }));
    ownerToken = owner.token ?? '';
    ({ client: other } = await t.signedIn({ user_type: 2 }));
    const taUser = await t.signedIn();
    ta = taUser.client;
    ({ client: student, id: studentId } = await t.signedIn());
    const mate = await t.signedIn();
    classmate = mate.client;
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    productId = await insertCourseProduct(t.app.deps.db, {
      name: 'License',
      priceCents: 2500,
      path: 'harmony-license',
      now: t.clock.now(),
    });
    const course = (
      await owner.post('/api/courses', {
        title: 'Harmony',
        school_id: schoolId,
        academic_term_id: termId,
        payment_type: 2,
        course_product_id: productId,
      })
    ).json().data;
    courseId = course.id;
    for (const [userId, role] of [
      [taUser.id, 'ta'],
      [studentId, 'student'],
      [mate.id, 'student'],
    ] as const) {
      await insertMembership(t.app.deps.db, { courseId, userId, role, now: t.clock.now() });
    }
  };
  afterEach(async () => {
    await t.close();
  });

  /** A set due in a week with one document, written straight to the tables (no .har needed here). */
  const insertDocument = async (due = t.clock.now() + 7 * DAY + 1800) => {
    const set = (await owner.post(`/api/courses/${courseId}/assignments`, { due_at: due })).json().data;
    await t.app.deps.db
      .insertInto('documents')
      .values({
        assignment_set_id: set.id,
        title: 'Cadences',
        weight: 0,
        doc_key: 'dockey1',
        storage_key: 'documents/dockey1.har',
        content_hash: 'x',
        size: 1,
        preview_status: 'READY',
        preview_error: null,
        ...NEW_DOCUMENT_SETTINGS,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const doc = (await owner.get(`/api/assignments/${set.id}/documents`)).json().data[0] as { id: number };
    return { set: set as { id: number }, doc };
  };

  describe('Google Classroom, not configured', () => {
    beforeEach(() => setUp({}));

    it('reports that the integration is not set up', async () => {
      expect((await owner.get('/api/integrations')).json().data).toEqual({ google: false, fastspring: { mode: 'test', storefront: null } });
      expect((await owner.post('/api/gcinfo', { id: b64(ownerToken) })).json().data).toMatchObject({ configured: false, linked: false });
      const { doc } = await insertDocument();
      const submit = await owner.post('/api/gcsubmit', { course: '1', doc: doc.id, title: 'X', desc: '' });
      expect(errorsOf(submit)[0]?.message).toBe('Google Classroom is not set up on this server.');
      expect((await t.client().post('/api/gcinfo', {})).statusCode).toBe(401);
    });

    it("checks the caller's access to the document before saying Google is not set up (issue 16)", async () => {
      const { doc } = await insertDocument();
      const body = { course: '1', doc: doc.id, title: 'X', desc: '' };
      expect((await t.client().post('/api/gcsubmit', body)).statusCode).toBe(401);
      expect((await ta.post('/api/gcsubmit', body)).statusCode).toBe(403);
      expect((await student.post('/api/gcsubmit', body)).statusCode).toBe(403);
      expect((await other.post('/api/gcsubmit', body)).statusCode).toBe(404);
      expect((await owner.post('/api/gcsubmit', { ...body, doc: 999999 })).statusCode).toBe(404);
      for (const client of [ta, student, other]) {
        expect(errorsOf(await client.post('/api/gcsubmit', body))[0]?.message).not.toBe('Google Classroom is not set up on this server.');
      }
    });
  });

  describe('Google Classroom against the stand-in', () => {
    beforeEach(async () => {
      await setUp(standIns.env);
      standIns.state.classroomMode = 'ok';
      standIns.state.courses = [
        { id: '1001', name: 'Period 1 Music Theory' },
        { id: '1002', name: 'Period 4 Music Theory' },
      ];
    });

    /** The browser's first step: our /gc/config; gives the consent page's link and the browser's cookie. */
    const startLink = async (token = ownerToken, choice: 'Allow' | 'Deny' = 'Allow') => {
      const back = `http://localhost:3000/course/${courseId}/assignment/9`;
      const start = await t.app.inject({
        method: 'GET',
        url: `/gc/config?re=${encodeURIComponent(b64(back))}&id=${encodeURIComponent(b64(token))}`,
      });
      expect(start.statusCode).toBe(302);
      const cookie = start.cookies.find((c) => c.name === 'gc_link');
      const consent = await (await fetch(start.headers.location as string)).text();
      const href = new RegExp(`<a href="([^"]+)">${choice}</a>`).exec(consent)?.[1] ?? '';
      const callback = new URL(href.replaceAll('&amp;', '&'));
      return { callback: `${callback.pathname}${callback.search}`, cookie };
    };
    /** Google's redirect back to our callback, in a browser holding `cookies`. */
    const callBack = (url: string, cookies: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, cookies });

    /** Runs the browser's part of the OAuth dance: our /gc/config, the consent page, our callback. */
    const link = async (choice: 'Allow' | 'Deny' = 'Allow') => {
      const { callback, cookie } = await startLink(ownerToken, choice);
      const done = await callBack(callback, cookie ? { gc_link: cookie.value } : {});
      expect(done.statusCode).toBe(302);
      return new URL(done.headers.location as string);
    };
    const linkedUsers = async () =>
      (await t.app.deps.db.selectFrom('google_credentials').select('user_id').execute()).map((r) => r.user_id);

    it('sets a short-lived, HTTP-only link cookie that only the callback receives', async () => {
      const { cookie } = await startLink();
      expect(cookie).toMatchObject({ path: '/gc/callback', httpOnly: true, sameSite: 'Lax', maxAge: 300 });
    });

    it('refuses a consent that returns in another browser than the one that started the link (issue 16)', async () => {
      // The attacker starts a link with their own session and hands the consent page to a victim,
      // whose browser has no (or another) link cookie.
      const { callback, cookie } = await startLink();
      expect((await callBack(callback)).statusCode).toBe(400);
      expect((await callBack(callback, { gc_link: cookie?.value ?? '' })).statusCode).toBe(400); // used up
      const second = await startLink();
      const victim = await startLink((await t.signedIn({ user_type: 2 })).client.token ?? '');
      const wrong = await callBack(second.callback, { gc_link: victim.cookie?.value ?? '' });
      expect(wrong.statusCode).toBe(400);
      expect(errorsOf(wrong)[0]?.messages?.[0]).toMatch(/\.$/);
      expect(await linkedUsers()).toEqual([]);
    });

    it('refuses a consent once the starting session has ended, or after five minutes', async () => {
      const signedOut = await startLink();
      expect((await owner.get('/api/users/sign-out')).statusCode).toBe(200);
      expect((await callBack(signedOut.callback, { gc_link: signedOut.cookie?.value ?? '' })).statusCode).toBe(400);
      const { client, id } = await t.signedIn({ user_type: 2 });
      const late = await startLink(client.token ?? '');
      t.clock.advance(301);
      expect((await callBack(late.callback, { gc_link: late.cookie?.value ?? '' })).statusCode).toBe(400);
      const inTime = await startLink(client.token ?? '');
      t.clock.advance(299);
      expect((await callBack(inTime.callback, { gc_link: inTime.cookie?.value ?? '' })).statusCode).toBe(302);
      expect(await linkedUsers()).toEqual([id]);
    });

    it('links an account and returns with gc=1; then lists the teaching courses', async () => {
      expect((await owner.post('/api/gcinfo', {})).json().data).toMatchObject({ configured: true, linked: false, error: 0 });
      const back = await link();
      expect(back.searchParams.get('gc')).toBe('1');
      expect(back.pathname).toBe(`/course/${courseId}/assignment/9`);
      const info = (await owner.post('/api/gcinfo', { id: b64(ownerToken) })).json().data;
      expect(info).toEqual({ configured: true, linked: true, courses: standIns.state.courses, error: 0, disabled: [] });
      const stored = await t.app.deps.db.selectFrom('google_credentials').select('encrypted_tokens').executeTakeFirstOrThrow();
      expect(stored.encrypted_tokens).not.toMatch(/access_token/);
    });

    it('returns with gc=0 when the user refuses, and refuses a foreign return address or a reused state', async () => {
      expect((await link('Deny')).searchParams.get('gc')).toBe('0');
      const evil = await t.app.inject({
        method: 'GET',
        url: `/gc/config?re=${encodeURIComponent(b64('https://evil.example.com/'))}&id=${encodeURIComponent(b64(ownerToken))}`,
      });
      expect(evil.statusCode).toBe(400);
      expect(errorsOf(evil)[0]?.messages).toEqual(['The return address must be a page of this site.']);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/gc/config?re=${encodeURIComponent(b64('http://localhost:3000/'))}&id=${b64('nope')}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/gc/callback?code=x&state=unknown' })).statusCode).toBe(400);
    });

    it('gives each error code: 1 no courses, 2 permission, 3 anything else', async () => {
      await link();
      standIns.state.courses = [];
      expect((await owner.post('/api/gcinfo', {})).json().data.error).toBe(1);
      standIns.state.classroomMode = 'forbidden';
      expect((await owner.post('/api/gcinfo', {})).json().data.error).toBe(2);
      standIns.state.classroomMode = 'error';
      expect((await owner.post('/api/gcinfo', {})).json().data.error).toBe(3);
    });

    it('sends a document as coursework due with its set, then lists it as sent', async () => {
      await link();
      const due = t.clock.now() + 7 * DAY + 1800;
      const { set, doc } = await insertDocument(due);
      const body = { course: '1002', doc: doc.id, title: 'Cadences', desc: 'Label every chord.' };
      expect(errorsOf(await owner.post('/api/gcsubmit', body))[0]?.message).toBe(
        'This course is not linked to a learning management system.',
      );
      await owner.put(`/api/courses/${courseId}`, { lms_type: 'GOOGLE_CLASSROOM' });
      expect((await ta.post('/api/gcsubmit', body)).statusCode).toBe(403);
      expect((await other.post('/api/gcsubmit', body)).statusCode).toBe(404);
      const res = await owner.post('/api/gcsubmit', body);
      expect(res.statusCode, res.body).toBe(200);
      const sent = standIns.state.coursework.at(-1);
      const dueDate = new Date(due * 1000);
      expect(sent?.courseId).toBe('1002');
      expect(sent?.body).toMatchObject({
        title: 'Cadences',
        description: 'Label every chord.',
        workType: 'ASSIGNMENT',
        dueDate: { year: dueDate.getUTCFullYear(), month: dueDate.getUTCMonth() + 1, day: dueDate.getUTCDate() },
        dueTime: { hours: dueDate.getUTCHours(), minutes: dueDate.getUTCMinutes() },
        materials: [{ link: { url: `http://localhost:3000/student/course/${courseId}` } }],
      });
      expect((await owner.post('/api/gcinfo', {})).json().data.disabled).toEqual([doc.id]);

      await owner.put(`/api/assignments/${set.id}`, { released_at: t.clock.now() - 3600, due_at: t.clock.now() + 60 });
      const past = await owner.post('/api/gcsubmit', body);
      expect(errorsOf(past)[0]?.messages).toEqual([
        'The assignment due date cannot be in the past.  Please set it to a time in the future.',
      ]);
    });
  });

  describe('course fee, test checkout (no FastSpring configured)', () => {
    beforeEach(() => setUp({}));

    it('records a payment from a test order once, and shows it on the course', async () => {
      const order = (await student.post('/api/fastspring-test-orders', { courseID: courseId })).json().data;
      expect(order.orderID).toMatch(/^TEST-/);
      const first = await student.post('/api/fastspringpurchase', { ...order, courseID: courseId });
      expect(first.statusCode).toBe(200);
      const again = await student.post('/api/fastspringpurchase', { ...order, courseID: courseId });
      expect(again.json().data).toBe(first.json().data);
      expect((await student.get(`/api/courses/${courseId}`)).json().data.payment_id).toBe(first.json().data);
      expect((await classmate.get(`/api/courses/${courseId}`)).json().data.payment_id).toBeNull();
    });

    it('refuses forged orders, another student’s order, instructors and unpaid courses', async () => {
      expect(
        (await student.post('/api/fastspringpurchase', { orderID: 'TEST-forged', reference: 'X', courseID: courseId })).statusCode,
      ).toBe(404);
      const order = (await student.post('/api/fastspring-test-orders', { courseID: courseId })).json().data;
      expect((await classmate.post('/api/fastspringpurchase', { ...order, courseID: courseId })).statusCode).toBe(404);
      expect((await student.post('/api/fastspringpurchase', { ...order, reference: 'WRONG', courseID: courseId })).statusCode).toBe(404);
      expect(errorsOf(await owner.post('/api/fastspring-test-orders', { courseID: courseId }))[0]?.message).toBe(
        'Only students of this course pay its fee.',
      );
      await owner.put(`/api/courses/${courseId}`, { payment_type: 1 });
      expect(errorsOf(await student.post('/api/fastspringpurchase', { ...order, courseID: courseId }))[0]?.message).toBe(
        'This course does not charge students a fee.',
      );
      expect((await other.post('/api/fastspringpurchase', { ...order, courseID: courseId })).statusCode).toBe(404);
      expect((await t.client().post('/api/fastspringpurchase', { ...order, courseID: courseId })).statusCode).toBe(401);
    });
  });

  describe('course fee against the FastSpring stand-in', () => {
    beforeEach(() => setUp(standIns.env));
    const order = (id: string, fields: Partial<{ completed: boolean; product: string; reference: string }> = {}) => {
      standIns.state.orders.set(id, {
        id,
        reference: fields.reference ?? `REF-${id}`,
        completed: fields.completed ?? true,
        items: [{ product: fields.product ?? 'harmony-license' }],
        tags: { courseID: String(courseId), userID: String(studentId) },
      });
      return { orderID: id, reference: fields.reference ?? `REF-${id}`, courseID: courseId };
    };

    it('verifies the order with FastSpring and records it once', async () => {
      const good = order(`good-${dialect}-${Date.now()}`);
      const first = await student.post('/api/fastspringpurchase', good);
      expect(first.statusCode, first.body).toBe(200);
      expect((await student.post('/api/fastspringpurchase', good)).json().data).toBe(first.json().data);
      expect((await classmate.post('/api/fastspringpurchase', good)).statusCode).toBe(409);
      expect((await student.post('/api/fastspring-test-orders', { courseID: courseId })).statusCode).toBe(404);
    });

    it('refuses an unknown, incomplete or wrong-product order', async () => {
      expect(
        errorsOf(await student.post('/api/fastspringpurchase', { orderID: 'nope', reference: 'x', courseID: courseId }))[0]?.message,
      ).toBe('This order could not be found.');
      expect(errorsOf(await student.post('/api/fastspringpurchase', order(`open-${Date.now()}`, { completed: false })))[0]?.message).toBe(
        'This order is not completed.',
      );
      expect(
        errorsOf(await student.post('/api/fastspringpurchase', order(`other-${Date.now()}`, { product: 'something-else' })))[0]?.message,
      ).toBe('This order is not for this course.');
    });

    it('records orders from the signed webhook, and refuses a bad signature', async () => {
      const id = `hook-${dialect}-${Date.now()}`;
      order(id);
      const body = JSON.stringify({
        events: [{ type: 'order.completed', data: { id, tags: { courseID: String(courseId), userID: String(studentId) } } }],
      });
      const signature = createHmac('sha256', 'fs-webhook-secret').update(body).digest('base64');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/fastspring/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-fs-signature': 'nope' },
      });
      expect(bad.statusCode).toBe(403);
      expect((await student.get(`/api/courses/${courseId}`)).json().data.payment_id).toBeNull();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fastspring/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-fs-signature': signature },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.recorded).toBe(1);
      expect((await student.get(`/api/courses/${courseId}`)).json().data.payment_id).not.toBeNull();
    });
  });
});
