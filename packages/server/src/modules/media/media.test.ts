import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_MAX_BYTES, MediaMessages } from '@app/contract/media';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, errorsOf, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { corruptM4a, fakeExe, makeTone, makeVideo, multipart } from '../../../test/media-samples.ts';
import { downloadToFile } from '../../storage/storage.ts';
import { probe } from './ffmpeg.ts';

type Caller = 'signedOut' | 'student' | 'otherInstructor' | 'owner';

/** Every stored file under the test's DATA_DIR/files (the folder a local storage keeps). */
function storedFiles(t: TestContext): string[] {
  const root = path.join(t.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

describe.each(dialects)('media library (%s)', (dialect) => {
  let t: TestContext;
  let clients: Record<Caller, TestClient>;
  let collectionId: number;
  let tone: Buffer;

  const upload = (c: TestClient, collection: number, filename: string, bytes: Buffer, field = 'mediafile') => {
    const form = multipart(field, filename, bytes);
    return c.request('POST', `/api/media-collections/${collection}/media-files`, {
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
  };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await t.createUser({ user_type: 2 });
    const other = await t.createUser({ user_type: 2 });
    const student = await t.createUser({ user_type: 1 });
    clients = { signedOut: t.client(), student: t.client(), otherInstructor: t.client(), owner: t.client() };
    await clients.owner.signIn(owner.email);
    await clients.otherInstructor.signIn(other.email);
    await clients.student.signIn(student.email);
    const created = await clients.owner.post('/api/media-collections', { collection_title: '  Ear training ' });
    expect(created.statusCode).toBe(201);
    collectionId = created.json().data.id;
    tone ??= await makeTone(2);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('who may call what', () => {
    // Each call against the owner's collection and one of its files.
    const calls: {
      name: string;
      send: (c: TestClient, ids: { collection: number; file: number; key: string }) => ReturnType<TestClient['get']>;
      ok: number;
    }[] = [
      { name: 'GET /api/media-collections', send: (c) => c.get('/api/media-collections'), ok: 200 },
      { name: 'POST /api/media-collections', send: (c) => c.post('/api/media-collections', { collection_title: 'New' }), ok: 201 },
      {
        name: 'PUT /api/media-collections/{id}',
        send: (c, i) => c.put(`/api/media-collections/${i.collection}`, { collection_title: 'Renamed' }),
        ok: 200,
      },
      { name: 'DELETE /api/media-collections/{id}', send: (c, i) => c.delete(`/api/media-collections/${i.collection}`), ok: 200 },
      {
        name: 'POST /api/media-collections/weight',
        send: (c, i) => c.post('/api/media-collections/weight', { media_collections: [i.collection] }),
        ok: 200,
      },
      {
        name: 'GET /api/media-collections/{id}/media-files',
        send: (c, i) => c.get(`/api/media-collections/${i.collection}/media-files`),
        ok: 200,
      },
      { name: 'POST /api/media-collections/{id}/media-files', send: (c, i) => upload(c, i.collection, 'tone.wav', tone), ok: 201 },
      {
        name: 'POST /api/media-collections/{id}/media-files/weight',
        send: (c, i) => c.post(`/api/media-collections/${i.collection}/media-files/weight`, { media_files: [i.file] }),
        ok: 200,
      },
      { name: 'GET /api/media-files/{id}', send: (c, i) => c.get(`/api/media-files/${i.file}`), ok: 200 },
      { name: 'PUT /api/media-files/{id}', send: (c, i) => c.put(`/api/media-files/${i.file}`, { title: 'Renamed' }), ok: 200 },
      { name: 'DELETE /api/media-files/{id}', send: (c, i) => c.delete(`/api/media-files/${i.file}`), ok: 200 },
      { name: 'GET /api/media-files/{file_key}/file-url', send: (c, i) => c.get(`/api/media-files/${i.key}/file-url`), ok: 200 },
    ];
    // Calls that name no collection or file of the owner: another instructor just works on their own (empty) library.
    const ownLibraryOnly = new Set(['GET /api/media-collections', 'POST /api/media-collections']);

    it.each(calls)('$name: 401 signed out, 403 student, 404 other instructor, success for the owner', async (call) => {
      const uploaded = await upload(clients.owner, collectionId, 'tone.wav', tone);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      await t.app.deps.jobs.drain();
      const ids = { collection: collectionId, file: uploaded.json().data.id as number, key: uploaded.json().data.file_key as string };

      expect((await call.send(clients.signedOut, ids)).statusCode).toBe(401);

      const student = await call.send(clients.student, ids);
      expect(student.statusCode).toBe(403);
      expect(errorsOf(student)).toEqual([{ code: 'forbidden', message: 'Only instructors can use media library feature.' }]);

      const other = await call.send(clients.otherInstructor, ids);
      if (ownLibraryOnly.has(call.name)) {
        expect(other.statusCode).toBe(call.ok);
      } else if (call.name === 'POST /api/media-collections/weight') {
        // The other instructor's list is empty, so the owner's id is not one of their members.
        expect(other.statusCode).toBe(400);
      } else {
        expect(other.statusCode).toBe(404);
        const message = errorsOf(other)[0]?.message;
        expect([MediaMessages.collectionNotFound, MediaMessages.fileNotFound]).toContain(message);
      }

      const owner = await call.send(clients.owner, ids);
      expect(owner.statusCode).toBe(call.ok);
    });

    it('says which collection does not exist with the spec message', async () => {
      const res = await clients.otherInstructor.get(`/api/media-collections/${collectionId}/media-files`);
      expect(errorsOf(res)).toEqual([{ code: 'not_found', message: 'Requested media collection does not exist.' }]);
    });
  });

  describe('collections', () => {
    it('lists, renames (trimmed), reorders and refuses bad input', async () => {
      const second = (await clients.owner.post('/api/media-collections', { collection_title: 'Second' })).json().data.id as number;
      const third = (await clients.owner.post('/api/media-collections', { collection_title: 'Third' })).json().data.id as number;
      let list = (await clients.owner.get('/api/media-collections')).json().data as {
        id: number;
        collection_title: string;
        weight: number;
      }[];
      expect(list.map((c) => [c.collection_title, c.weight])).toEqual([
        ['Ear training', 0],
        ['Second', 1],
        ['Third', 2],
      ]);

      const renamed = await clients.owner.put(`/api/media-collections/${second}`, { collection_title: '  Sight singing  ' });
      expect(renamed.json().data.collection_title).toBe('Sight singing');
      expect(errorsOf(await clients.owner.put(`/api/media-collections/${second}`, { collection_title: '   ' }))).toEqual([
        { field: 'collection_title', messages: ['Collection title is required.'] },
      ]);

      const reordered = await clients.owner.post('/api/media-collections/weight', { media_collections: [third, collectionId, second] });
      expect(reordered.statusCode).toBe(200);
      list = (await clients.owner.get('/api/media-collections')).json().data;
      expect(list.map((c) => c.id)).toEqual([third, collectionId, second]);
      expect(list.map((c) => c.weight)).toEqual([0, 1, 2]);

      for (const bad of [[third, collectionId], [third, collectionId, second, second], [third, collectionId, 999999], []]) {
        const res = await clients.owner.post('/api/media-collections/weight', { media_collections: bad });
        expect(res.statusCode).toBe(400);
        expect(errorsOf(res)).toEqual([{ field: 'media_collections', messages: [MediaMessages.reorderCollections] }]);
      }
      expect(await clients.owner.post('/api/media-collections/weight', { media_collections: 'x' } as never)).toHaveProperty(
        'statusCode',
        400,
      );
    });

    it('deletes a collection with its files, rows and stored files alike', async () => {
      await upload(clients.owner, collectionId, 'one.wav', tone);
      await upload(clients.owner, collectionId, 'two.wav', tone);
      await t.app.deps.jobs.drain();
      expect(storedFiles(t).length).toBe(2);
      expect((await clients.owner.delete(`/api/media-collections/${collectionId}`)).statusCode).toBe(200);
      expect(storedFiles(t)).toEqual([]);
      expect(await t.app.deps.db.selectFrom('media_files').select('id').execute()).toEqual([]);
      expect((await clients.owner.get(`/api/media-collections/${collectionId}/media-files`)).statusCode).toBe(404);
    });
  });

  describe('files', () => {
    it('transcodes a real tone to a playable .m4a whose duration matches, then serves it by a signed URL', async () => {
      const res = await upload(clients.owner, collectionId, 'Major scale.wav', tone);
      expect(res.statusCode).toBe(201);
      const file = res.json().data;
      expect(file).toMatchObject({
        title: 'Major scale',
        transcode_status: 'UNSTARTED',
        media_type: 'audio',
        weight: 0,
        size: tone.length,
      });
      expect((await clients.owner.get(`/api/media-files/${file.file_key}/file-url`)).statusCode).toBe(409);

      expect(await t.app.deps.jobs.drain()).toBe(1);
      const done = (await clients.owner.get(`/api/media-files/${file.id}`)).json().data;
      expect(done.transcode_status).toBe('COMPLETED');
      expect(done.duration).toBeCloseTo(2, 1);

      // The stored output is AAC in an MP4 container of the same length.
      const row = await t.app.deps.db.selectFrom('media_files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
      expect(row.output_key).toMatch(/\.m4a$/);
      expect(row.source_key).toBeNull();
      const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hd-out-')), 'out.m4a');
      await downloadToFile(t.app.deps.storage, row.output_key ?? '', local);
      const info = await probe(local);
      expect(info.hasAudio).toBe(true);
      expect(info.hasVideo).toBe(false);
      expect(info.durationSeconds).toBeCloseTo(2, 1);

      const urlRes = await clients.owner.get(`/api/media-files/${file.file_key}/file-url`);
      expect(urlRes.statusCode).toBe(200);
      const { url, expires_at } = urlRes.json().data as { url: string; expires_at: number };
      expect(url).toMatch(/^\/files\/media\/.+\/output\.m4a\?exp=\d+&sig=/);
      expect(expires_at).toBe(t.clock.now() + t.config.fileUrlSeconds);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('audio/mp4');
      expect(served.rawPayload.equals(fs.readFileSync(local))).toBe(true);
    });

    it('transcodes a video to H.264/AAC .mp4', async () => {
      const video = await makeVideo(1);
      const res = await upload(clients.owner, collectionId, 'clip.avi', video);
      expect(res.json().data.media_type).toBe('video');
      await t.app.deps.jobs.drain();
      const done = (await clients.owner.get(`/api/media-files/${res.json().data.id}`)).json().data;
      expect(done).toMatchObject({ transcode_status: 'COMPLETED', media_type: 'video' });
      expect(done.duration).toBeCloseTo(1, 0);
      const row = await t.app.deps.db.selectFrom('media_files').selectAll().where('id', '=', done.id).executeTakeFirstOrThrow();
      expect(row.output_key).toMatch(/\.mp4$/);
    });

    it('runs a transcoding interrupted by a crash again once its lock has expired', async () => {
      const res = await upload(clients.owner, collectionId, 'tone.wav', tone);
      const { db } = t.app.deps;
      // As a worker that died mid-job leaves it: file IN_PROGRESS, job running under a lock.
      await db.updateTable('media_files').set({ transcode_status: 'IN_PROGRESS' }).where('id', '=', res.json().data.id).execute();
      await db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, locked_at: t.clock.now(), locked_until: t.clock.now() + 60, locked_by: 'dead-worker' })
        .execute();
      expect(await t.app.deps.jobs.drain()).toBe(0);
      t.clock.advance(61);
      expect(await t.app.deps.jobs.drain()).toBe(1);
      const file = (await clients.owner.get(`/api/media-files/${res.json().data.id}`)).json().data;
      expect(file.transcode_status).toBe('COMPLETED');
      expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);
    });

    it('refuses a renamed .exe with an audio name, by its bytes', async () => {
      const res = await upload(clients.owner, collectionId, 'song.mp3', fakeExe());
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'mediafile', messages: [MediaMessages.notMedia] }]);
      expect(storedFiles(t)).toEqual([]);
      expect((await clients.owner.get(`/api/media-collections/${collectionId}/media-files`)).json().data).toEqual([]);
    });

    it('refuses 20 MB + 1 byte with 413 and keeps nothing; 20 MB exactly is accepted', async () => {
      const header = tone.subarray(0, 44);
      const over = Buffer.concat([header, Buffer.alloc(MEDIA_MAX_BYTES + 1 - header.length)]);
      const res = await upload(clients.owner, collectionId, 'big.wav', over);
      expect(res.statusCode).toBe(413);
      expect(errorsOf(res)).toEqual([{ code: 'too_large', message: 'Only files with size smaller than 20 MB are supported.' }]);
      expect(storedFiles(t)).toEqual([]);

      const exact = Buffer.concat([header, Buffer.alloc(MEDIA_MAX_BYTES - header.length)]);
      expect((await upload(clients.owner, collectionId, 'exact.wav', exact)).statusCode).toBe(201);
      expect((await clients.owner.get(`/api/media-collections/${collectionId}/media-files`)).json().data).toHaveLength(1);
    });

    it('refuses a body whose Content-Length is over the limit before reading it', async () => {
      const form = multipart('mediafile', 'big.wav', tone);
      const res = await clients.owner.request('POST', `/api/media-collections/${collectionId}/media-files`, {
        body: form.body,
        headers: { 'content-type': form.contentType, 'content-length': String(MEDIA_MAX_BYTES * 2) },
      });
      expect(res.statusCode).toBe(413);
      expect(errorsOf(res)[0]?.message).toBe(MediaMessages.tooLarge);
    });

    it('asks for the mediafile field', async () => {
      expect(errorsOf(await upload(clients.owner, collectionId, 'tone.wav', tone, 'other'))).toEqual([
        { field: 'mediafile', messages: [MediaMessages.noFile] },
      ]);
      const json = await clients.owner.post(`/api/media-collections/${collectionId}/media-files`, { mediafile: 'x' });
      expect(json.statusCode).toBe(400);
    });

    it('ends FAILED with the reason for a file that only looks like media', async () => {
      const res = await upload(clients.owner, collectionId, 'broken.m4a', corruptM4a());
      expect(res.statusCode).toBe(201);
      await t.app.deps.jobs.drain();
      const file = (await clients.owner.get(`/api/media-files/${res.json().data.id}`)).json().data;
      expect(file.transcode_status).toBe('FAILED');
      expect(file.transcode_error).toBe('The file could not be read as audio or video.');
      expect((await clients.owner.get(`/api/media-files/${file.file_key}/file-url`)).statusCode).toBe(409);
    });

    it('renames, reorders (exact members only) and deletes files', async () => {
      const a = (await upload(clients.owner, collectionId, 'a.wav', tone)).json().data.id as number;
      const b = (await upload(clients.owner, collectionId, 'b.wav', tone)).json().data.id as number;
      const renamed = await clients.owner.put(`/api/media-files/${a}`, { title: '  Interval drill ' });
      expect(renamed.json().data.title).toBe('Interval drill');
      expect(errorsOf(await clients.owner.put(`/api/media-files/${a}`, { title: '' }))).toEqual([
        { field: 'title', messages: ['File title is required.'] },
      ]);

      const url = `/api/media-collections/${collectionId}/media-files/weight`;
      const reordered = await clients.owner.post(url, { media_files: [b, a] });
      expect(reordered.json().data.map((f: { id: number }) => f.id)).toEqual([b, a]);
      expect(errorsOf(await clients.owner.post(url, { media_files: [b] }))).toEqual([
        { field: 'media_files', messages: [MediaMessages.reorderFiles] },
      ]);
      expect((await clients.owner.post(url, { media_files: [b, a, a] })).statusCode).toBe(400);

      // A file of another collection is not a member of this one.
      const otherCollection = (await clients.owner.post('/api/media-collections', { collection_title: 'Other' })).json().data.id;
      const c = (await upload(clients.owner, otherCollection, 'c.wav', tone)).json().data.id as number;
      expect((await clients.owner.post(url, { media_files: [b, c] })).statusCode).toBe(400);

      await t.app.deps.jobs.drain();
      expect(storedFiles(t)).toHaveLength(3);
      expect((await clients.owner.delete(`/api/media-files/${a}`)).statusCode).toBe(200);
      expect(storedFiles(t)).toHaveLength(2);
      expect((await clients.owner.get(`/api/media-files/${a}`)).statusCode).toBe(404);
      expect((await clients.owner.get(`/api/media-collections/${collectionId}/media-files`)).json().data).toHaveLength(1);
    });

    it('leaves no file and no row behind when the upload is aborted half-way', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const csrf = 'abortcsrftoken';
      const big = Buffer.concat([tone.subarray(0, 44), Buffer.alloc(4 * 1024 * 1024)]);
      const form = multipart('mediafile', 'aborted.wav', big);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          `POST /api/media-collections/${collectionId}/media-files HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${clients.owner.token}`,
          `Cookie: csrftoken=${csrf}`,
          `X-CSRFToken: ${csrf}`,
          `Content-Type: ${form.contentType}`,
          `Content-Length: ${form.body.length}`,
          '',
          '',
        ].join('\r\n'),
      );
      // Half the body, enough for storage to have begun writing, then the connection drops.
      socket.write(form.body.subarray(0, 2 * 1024 * 1024));
      const root = path.join(t.config.dataDir, 'files');
      for (let i = 0; i < 100 && storedPartFiles(root).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(storedPartFiles(root).length).toBe(1);
      socket.destroy();
      for (let i = 0; i < 100 && storedPartFiles(root).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(storedPartFiles(root)).toEqual([]);
      expect(storedFiles(t)).toEqual([]);
      expect(await t.app.deps.db.selectFrom('media_files').select('id').execute()).toEqual([]);
      expect(await t.app.deps.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    });
  });
});

function storedPartFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.part'));
}
