import { writeHar } from '@app/har/format';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  SMALL_SCORE,
  type TestClient,
  type TestContext,
} from '../../test/helpers.ts';

/** A 4xx in the error envelope, never a 5xx. */
function expectClientError(res: LightMyRequestResponse, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const errors = errorsOf(res);
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) expect(error.message ?? error.messages?.[0]).toMatch(/\.$/);
}

/** Broken multipart bodies (issue 16): built from a good one by cutting and bending it. */
function brokenBodies(field: string) {
  const good = multipart([{ name: 'a.har', bytes: new Uint8Array([1, 2, 3, 4]), field }]);
  const boundary = good.contentType.split('boundary=')[1] ?? '';
  return [
    { name: 'no boundary', body: good.body, type: 'multipart/form-data' },
    { name: 'empty boundary', body: good.body, type: 'multipart/form-data; boundary=' },
    { name: 'wrong boundary', body: good.body, type: 'multipart/form-data; boundary=zzz' },
    { name: 'boundary too long', body: good.body, type: `multipart/form-data; boundary=${'b'.repeat(300)}` },
    { name: 'truncated', body: good.body.subarray(0, good.body.length - 30), type: good.contentType },
    {
      name: 'header only',
      body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.har"\r\n\r\n`),
      type: good.contentType,
    },
    { name: 'LF line ends', body: Buffer.from(good.body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'), type: good.contentType },
  ];
}

describe.each(dialects)('bad input gets a 400, never a 500 (issue 16, %s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let student: TestClient;
  let courseId: number;
  let setId: number;
  let documentId: number;
  let collectionId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    ({ courseId } = world);
    owner = world.owner.client;
    [{ client: student }] = world.students as [SignedInUser];
    setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id;
    const har = writeHar({
      manifest: { format: 'har', version: 1, kind: 'exercise', title: 'Cadences', exercise_type: 'roman-numeral-analysis' },
      score: SMALL_SCORE,
      key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
    });
    await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'cadences.har', bytes: har }]));
    documentId = (await t.app.deps.db.selectFrom('documents').select('id').executeTakeFirstOrThrow()).id;
    collectionId = (await owner.post('/api/media-collections', { collection_title: 'Ear training' })).json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('POST /api/assignments/{id}/documents with JSON that is not {"document_ids": [...]}', async () => {
    for (const body of [{ document_ids: null }, [], {}, { document_ids: 'x' }, { document_ids: [0] }]) {
      const res = await owner.request('POST', `/api/assignments/${setId}/documents`, { body });
      expectClientError(res);
    }
    expect(errorsOf(await owner.request('POST', `/api/assignments/${setId}/documents`, { body: { document_ids: null } }))).toEqual([
      { field: 'document_ids', messages: ['This field must be an array.'] },
    ]);
  });

  it.each([
    ['POST /api/assignments/{id}/documents', 'file', 'owner', () => `/api/assignments/${setId}/documents`],
    ['POST /api/documents/{id}/submissions', 'file', 'student', () => `/api/documents/${documentId}/submissions`],
    ['POST /api/media-collections/{id}/media-files', 'mediafile', 'owner', () => `/api/media-collections/${collectionId}/media-files`],
  ] as const)('%s with a broken multipart body', async (_name, field, who, url) => {
    const client = who === 'owner' ? owner : student;
    for (const broken of brokenBodies(field)) {
      const res = await client.request('POST', url(), { body: broken.body, headers: { 'content-type': broken.type } });
      expect(res.statusCode, `${broken.name}: ${res.body}`).toBe(400);
      expectClientError(res);
    }
  });

  it('PUT /api/threads/{id} with nothing to change, or the same title and body', async () => {
    const thread = (await owner.post(`/api/courses/${courseId}/threads`, { title: 'Parallel fifths', body: 'Allowed here?' })).json().data;
    const empty = await owner.put(`/api/threads/${thread.id}`, {});
    expectClientError(empty);
    expect(errorsOf(empty)[0]?.message).toBe('Give a title, message, pinned or locked to change.');
    const same = await owner.put(`/api/threads/${thread.id}`, { title: 'Parallel fifths', body: 'Allowed here?' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ title: 'Parallel fifths', body: 'Allowed here?', edited_at: null });
  });

  it('POST /api/fastspring/webhook with a form body of nested and __proto__ keys', async () => {
    for (const payload of ['a[b][c]=1&__proto__[x]=1', 'constructor[prototype][x]=1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fastspring/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expectClientError(res, 415);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('DELETE /api/media-collections/{id} while a transcode still writes into its folder (ENOTEMPTY)', async () => {
    const fileKey = 'abcdef0123456789';
    await t.app.deps.db
      .insertInto('media_files')
      .values({
        collection_id: collectionId,
        file_key: fileKey,
        title: 'Tone',
        transcode_status: 'IN_PROGRESS',
        media_type: 'audio',
        source_key: `media/${fileKey}/source.wav`,
        output_key: null,
        duration: null,
        size: 4,
        transcode_error: null,
        weight: 0,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const storage = t.app.deps.storage;
    const original = storage.deletePrefix.bind(storage);
    storage.deletePrefix = async () => {
      throw Object.assign(new Error(`ENOTEMPTY: directory not empty, rmdir 'media/${fileKey}'`), { code: 'ENOTEMPTY' });
    };
    try {
      const res = await owner.delete(`/api/media-collections/${collectionId}`);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      storage.deletePrefix = original;
    }
    expect((await owner.get(`/api/media-collections/${collectionId}/media-files`)).statusCode).toBe(404);
  });
});
