import fs from 'node:fs';
import path from 'node:path';
import { writeHar } from '@app/har/format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, multipart, SMALL_SCORE, type TestClient, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { isLocalStorage } from '../storage/local-storage.ts';
import { sweepOrphans } from '../storage/orphans.ts';

const har = (title: string) =>
  writeHar({
    manifest: { format: 'har', version: 1, kind: 'exercise', title, exercise_type: 'roman-numeral-analysis' },
    score: SMALL_SCORE,
    key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
  });

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(dialects)('operations (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let setId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN });
    ({ client: owner } = await t.signedIn({ user_type: 2 }));
    const course = (await owner.post('/api/courses', { title: 'Harmony' })).json().data as { id: number };
    setId = ((await owner.post(`/api/courses/${course.id}/assignments`, {})).json().data as { id: number }).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const upload = (key?: string, name = 'a.har') =>
    owner.request('POST', `/api/assignments/${setId}/documents`, {
      ...(() => {
        const form = multipart([{ name, bytes: har(name) }]);
        return { body: form.body, headers: { 'content-type': form.contentType, ...(key ? { 'idempotency-key': key } : {}) } };
      })(),
    });
  const documentCount = async () =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('health and readiness', () => {
    it('answers health, and readiness with every check green', async () => {
      const health = await t.client().get('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json().data.status).toBe('ok');
      const ready = await t.client().get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toEqual({
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', migrations: 'ok', lifecycle: 'ok' },
      });
    });

    it('turns red at once when shutting down', async () => {
      t.app.operations.readiness.startDraining();
      const ready = await t.client().get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(errorsOf(ready)[0]).toMatchObject({ code: 'unavailable', message: 'Not ready: lifecycle shutting down.' });
    });

    it('is red while storage is unreachable', async () => {
      const storage = t.app.deps.storage;
      const original = storage.stat;
      storage.stat = async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
      };
      try {
        const ready = await t.client().get('/api/ready');
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.storage).toMatch(/ECONNREFUSED/);
      } finally {
        storage.stat = original;
      }
    });

    it('answers an upload 503 with Retry-After while the storage endpoint is unreachable', async () => {
      const storage = t.app.deps.storage;
      const put = storage.put;
      storage.put = async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
      };
      try {
        const res = await upload();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(errorsOf(res)[0]?.code).toBe('unavailable');
      } finally {
        storage.put = put;
      }
      expect((await upload()).statusCode).toBe(201);
    });

    it('reports pending migrations when the instance does not migrate at start', async () => {
      const fresh = await createTestApp(dialect, { MIGRATE_ON_START: '0' });
      try {
        const ready = await fresh.client().get('/api/ready');
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.migrations).toMatch(/\d+ pending \(0001-accounts … \d{4}-[a-z-]+\); run npm run migrate/);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('request ids, access log and metrics', () => {
    it("repeats a proxy's X-Request-Id, and jobs a request enqueues carry it", async () => {
      const res = await owner.request('POST', `/api/assignments/${setId}/documents`, {
        ...(() => {
          const form = multipart([{ name: 'a.har', bytes: har('A') }]);
          return { body: form.body, headers: { 'content-type': form.contentType, 'x-request-id': 'proxy-id-42' } };
        })(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toBe('proxy-id-42');
      const jobs = await t.app.deps.db.selectFrom('jobs').select(['name', 'request_id']).execute();
      expect(jobs).toEqual([{ name: 'document-preview', request_id: 'proxy-id-42' }]);
      const own = await t.client().get('/api/health');
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves Prometheus metrics to the holder of the token only', async () => {
      await upload();
      await t.app.deps.jobs.drain();
      expect((await t.client().get('/metrics')).statusCode).toBe(401);
      const res = await t.client().request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toMatch(
        /http_request_duration_seconds_count\{method="POST",route="\/api\/assignments\/:id\/documents",status_code="201"\} 1/,
      );
      expect(res.body).toMatch(/job_duration_seconds_count\{name="document-preview",outcome="done"\} 1/);
      expect(res.body).toMatch(/job_queue_scrape_ok 1/);
      if (dialect === 'postgres') expect(res.body).toMatch(/db_pool_connections\{state="max"\} 10/);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retried upload with the first answer and stores nothing twice', async () => {
      const first = await upload('upload-1');
      expect(first.statusCode).toBe(201);
      const again = await upload('upload-1');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await documentCount()).toBe(1);
      // Another key is another upload.
      expect((await upload('upload-2')).statusCode).toBe(201);
      expect(await documentCount()).toBe(2);
    });

    it('keeps nothing for a failed request, so its retry runs again', async () => {
      const bad = await owner.request('POST', `/api/assignments/${setId}/documents`, {
        ...(() => {
          const form = multipart([{ name: 'bad.har', bytes: new Uint8Array([1, 2, 3]) }]);
          return { body: form.body, headers: { 'content-type': form.contentType, 'idempotency-key': 'retry-me' } };
        })(),
      });
      expect(bad.statusCode).toBe(400);
      expect((await upload('retry-me')).statusCode).toBe(201);
    });

    it('refuses the same key on another path, and a malformed key', async () => {
      expect((await upload('shared')).statusCode).toBe(201);
      const other = await owner.post('/api/courses', { title: 'Another' }, { 'idempotency-key': 'shared' });
      expect(other.statusCode).toBe(409);
      expect(errorsOf(other)[0]?.message).toBe('This Idempotency-Key was already used for a different request.');
      const malformed = await owner.post('/api/courses', { title: 'Another' }, { 'idempotency-key': 'has space' });
      expect(malformed.statusCode).toBe(400);
    });

    it("keeps keys per user: another user's same key is their own request", async () => {
      expect((await upload('mine')).statusCode).toBe(201);
      const { client: someone } = await t.signedIn({ user_type: 2 });
      const res = await someone.post('/api/courses', { title: 'Theirs' }, { 'idempotency-key': 'mine' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('orphan sweep', () => {
    it('removes an uploaded document file at once when its transaction fails', async () => {
      const jobs = t.app.deps.jobs;
      const enqueue = jobs.enqueue;
      jobs.enqueue = async () => {
        throw new Error('the transaction fails here');
      };
      try {
        expect((await upload()).statusCode).toBe(500);
      } finally {
        jobs.enqueue = enqueue;
      }
      const left = [];
      for await (const object of t.app.deps.storage.list()) left.push(object.key);
      expect(left).toEqual([]);
      expect(await documentCount()).toBe(0);
    });

    it('removes old files no row references, and keeps referenced and young ones', async () => {
      expect((await upload()).statusCode).toBe(201);
      await t.app.deps.jobs.drain();
      const storage = t.app.deps.storage;
      if (!isLocalStorage(storage)) throw new Error('local storage expected');
      const { Readable } = await import('node:stream');
      await storage.put('documents/orphanAAAA.har', Readable.from(Buffer.from('x')));
      await storage.put('submissions/orphanBBBB/submission.har', Readable.from(Buffer.from('x')));
      await storage.put('documents/youngCCCC.har', Readable.from(Buffer.from('x')));
      await storage.put('elsewhere/notours.txt', Readable.from(Buffer.from('x')));
      const old = new Date(Date.now() - 7200_000);
      for (const key of ['documents/orphanAAAA.har', 'submissions/orphanBBBB/submission.har', 'elsewhere/notours.txt']) {
        fs.utimesSync(path.join(storage.root, key), old, old);
      }
      // Everything the upload stored is old too: it is kept because rows name it.
      const [doc] = await t.app.deps.db.selectFrom('documents').select(['storage_key', 'content_hash']).execute();
      if (!doc) throw new Error('no document');
      fs.utimesSync(path.join(storage.root, doc.storage_key), old, old);

      const result = await sweepOrphans(t.app.deps.db, dialect, storage, { graceSeconds: 3600, now: Math.floor(Date.now() / 1000) });
      expect(result.removed.sort()).toEqual(['documents/orphanAAAA.har', 'submissions/orphanBBBB/submission.har']);
      expect(await storage.stat(doc.storage_key)).toBeDefined();
      expect(await storage.stat(`previews/${doc.content_hash}.png`)).toBeDefined();
      expect(await storage.stat('documents/youngCCCC.har')).toBeDefined();
      expect(await storage.stat('elsewhere/notours.txt')).toBeDefined();
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('while PostgreSQL is unreachable', () => {
  it('answers 503 with Retry-After and the error envelope, and readiness is red', async () => {
    const t = await createTestApp('postgres');
    // The same app code on a pool whose server does not answer (nothing listens on port 9).
    const config = { ...t.config, databaseUrl: 'postgres://postgres@127.0.0.1:9/none', migrateOnStart: false };
    const database = openDatabase(config);
    const app = await buildApp(config, { database, clock: t.clock, mailer: t.mailer });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'POST', url: '/api/users/sign-in', payload: { email: 'a@example.com', password: 'x' } });
      const csrfRes = await app.inject({ method: 'GET', url: '/api/csrf' });
      const csrf = csrfRes.json().data.csrf_token as string;
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/users/sign-in',
        headers: { 'x-csrftoken': csrf },
        cookies: { csrftoken: csrf },
        payload: { email: 'someone@example.com', password: 'GoodPass123' },
      });
      expect(res.statusCode).toBe(403);
      expect(signIn.statusCode).toBe(503);
      expect(signIn.headers['retry-after']).toBe('5');
      expect(signIn.json()).toEqual({
        errors: [{ code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a few seconds.' }],
        message_codes: [[{ code: 'api.unavailable' }]],
      });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.database).toMatch(/ECONNREFUSED|failed/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await app.close();
      await database.destroy();
      await t.close();
    }
  });
});
