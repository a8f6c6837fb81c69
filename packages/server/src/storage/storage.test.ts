import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, parseS3Url } from './s3-storage.ts';
import { type Storage, StorageLimitError, StorageNotFoundError } from './storage.ts';

function chunks(...parts: (string | Error)[]) {
  return new Readable({
    read() {
      const next = parts.shift();
      if (next === undefined) this.push(null);
      else if (next instanceof Error) this.destroy(next);
      else this.push(Buffer.from(next));
    },
  });
}

/** What every implementation must do the same way. */
function behavesLikeStorage(name: string, make: () => Storage, listKeys: () => Promise<string[]>) {
  describe(`${name}: the Storage contract`, () => {
    let storage: Storage;
    beforeEach(() => {
      storage = make();
    });

    it('puts, stats, reads whole and by range, deletes', async () => {
      expect(await storage.put('a/b/hello.txt', chunks('hello ', 'world'))).toEqual({ size: 11 });
      expect(await storage.stat('a/b/hello.txt')).toEqual({ size: 11 });
      expect(await text(await storage.get('a/b/hello.txt'))).toBe('hello world');
      expect(await text(await storage.get('a/b/hello.txt', { start: 6, end: 9 }))).toBe('worl');
      await storage.put('a/b/hello.txt', chunks('replaced'));
      expect(await text(await storage.get('a/b/hello.txt'))).toBe('replaced');
      await storage.delete('a/b/hello.txt');
      await storage.delete('a/b/hello.txt');
      expect(await storage.stat('a/b/hello.txt')).toBeUndefined();
      await expect(storage.get('a/b/hello.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('stops at the size limit and keeps nothing', async () => {
      await expect(storage.put('limit/x.bin', chunks('12345', '67890', 'X'), { maxBytes: 10 })).rejects.toBeInstanceOf(StorageLimitError);
      expect(await storage.stat('limit/x.bin')).toBeUndefined();
      expect(await storage.put('limit/y.bin', chunks('12345', '67890'), { maxBytes: 10 })).toEqual({ size: 10 });
      expect((await listKeys()).filter((k) => k.includes('limit/'))).toEqual(['limit/y.bin']);
    });

    it('keeps nothing when the source fails half-way', async () => {
      await expect(storage.put('broken/x.bin', chunks('some bytes', new Error('client went away')))).rejects.toThrow('client went away');
      expect(await storage.stat('broken/x.bin')).toBeUndefined();
      expect((await listKeys()).filter((k) => k.includes('broken/'))).toEqual([]);
    });

    it('deletes a folder', async () => {
      await storage.put('media/k1/source', chunks('1'));
      await storage.put('media/k1/output.m4a', chunks('2'));
      await storage.put('media/k10/source', chunks('3'));
      await storage.deletePrefix('media/k1');
      expect(await storage.stat('media/k1/source')).toBeUndefined();
      expect(await storage.stat('media/k1/output.m4a')).toBeUndefined();
      expect(await storage.stat('media/k10/source')).toEqual({ size: 1 });
    });

    it('lists every stored file with when it was written', async () => {
      await storage.put('listed/one.txt', chunks('1'));
      await storage.put('listed/two/three.txt', chunks('3'));
      const now = Math.floor(Date.now() / 1000);
      const listed = [];
      for await (const object of storage.list()) if (object.key.startsWith('listed/')) listed.push(object);
      expect(listed.map((o) => o.key).sort()).toEqual(['listed/one.txt', 'listed/two/three.txt']);
      for (const object of listed) expect(Math.abs(object.modifiedAt - now)).toBeLessThan(30);
      expect(await storage.removeIncomplete(3600)).toBe(0);
      await storage.deletePrefix('listed');
    });

    it('refuses keys that could leave their folder', async () => {
      for (const key of ['../x', 'a/../../x', '/abs', '.hidden', 'a//b', 'a/.b', '']) {
        await expect(storage.put(key, chunks('x'))).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-storage-'));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));
behavesLikeStorage(
  'local',
  () => createLocalStorage({ root: localRoot, secret: 'x'.repeat(32), now: () => Math.floor(Date.now() / 1000) }),
  async () => (fs.readdirSync(localRoot, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(localRoot, f)).isFile()),
);

// s3rver speaks the S3 protocol on loopback (it does not check signatures).
describe('s3 (s3rver)', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-s3rver-'));
  let server: S3rver;
  let url = '';
  let storage: Storage;
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'media-test' }] });
    const { port } = await server.run();
    url = `s3://S3RVER:S3RVER@media-test/harmony?endpoint=http://127.0.0.1:${port}&region=us-east-1`;
    storage = createS3Storage(parseS3Url(url));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  behavesLikeStorage(
    'S3',
    () => storage,
    async () => {
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          // s3rver keeps each object as `<key>._S3rver_object` beside its metadata files.
          else if (entry.name.endsWith('._S3rver_object')) {
            found.push(path.relative(path.join(directory, 'media-test', 'harmony'), full).replace(/\._S3rver_object$/, ''));
          }
        }
      };
      if (fs.existsSync(directory)) walk(directory);
      return found;
    },
  );

  it('streams a large file in parts, and aborts the multipart upload at the limit', async () => {
    const mb = 'x'.repeat(1024 * 1024);
    expect(await storage.put('big/ok.bin', chunks(...Array<string>(12).fill(mb)))).toEqual({ size: 12 * 1024 * 1024 });
    expect(await storage.stat('big/ok.bin')).toEqual({ size: 12 * 1024 * 1024 });
    await expect(storage.put('big/over.bin', chunks(...Array<string>(12).fill(mb)), { maxBytes: 11 * 1024 * 1024 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(await storage.stat('big/over.bin')).toBeUndefined();
  });

  it('reads the URL, and presigns GETs that serve the file from the bucket', async () => {
    expect(parseS3Url('s3://bucket/pre/fix?region=eu-west-1')).toMatchObject({
      bucket: 'bucket',
      prefix: 'pre/fix',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(storage.urlOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await storage.put('media/abc/output.m4a', chunks('not really audio'));
    const signed = await storage.signedUrl('media/abc/output.m4a', { expiresIn: 60 });
    expect(signed.url).toContain('X-Amz-Signature=');
    expect(signed.url).toContain('X-Amz-Expires=60');
    const res = await fetch(signed.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('not really audio');
    const ranged = await fetch(signed.url, { headers: { Range: 'bytes=4-9' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('really');
  });
});

describe('signed local file URLs served at /files/*', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp('sqlite', { FILE_URL_SECONDS: '600' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('serves with the content type and byte ranges, only while the signature holds', async () => {
    const { storage } = t.app.deps;
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await storage.put('media/k/output.m4a', Readable.from([bytes]));
    const { url, expiresAt } = await storage.signedUrl('media/k/output.m4a', { expiresIn: 600 });
    expect(expiresAt).toBe(t.clock.now() + 600);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, max-age=600');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tampered = url.replace('output.m4a', 'source');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=AAAA') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/files/media/k/output.m4a' })).statusCode).toBe(403);

    t.clock.advance(601);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors[0].message).toBe('This file link is not valid or has expired.');
  });

  it('offers a download name when asked, and 404s a signed key with no file', async () => {
    const { storage } = t.app.deps;
    await storage.put('docs/d/file.har', Readable.from([Buffer.from('zip')]));
    const { url } = await storage.signedUrl('docs/d/file.har', { expiresIn: 60, downloadName: 'Lesson 1.har' });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Lesson%201.har");
    const missing = await storage.signedUrl('docs/d/none.har', { expiresIn: 60 });
    expect((await t.app.inject({ method: 'GET', url: missing.url })).statusCode).toBe(404);
  });
});

describe('leftovers of interrupted writes', () => {
  it('local: a *.part file that stopped changing is removed, and never listed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-storage-part-'));
    const storage = createLocalStorage({ root, secret: 'x'.repeat(32), now: () => Math.floor(Date.now() / 1000) });
    fs.mkdirSync(path.join(root, 'documents'), { recursive: true });
    const stale = path.join(root, 'documents', 'abc.har.0a1b2c.part');
    const live = path.join(root, 'documents', 'def.har.3d4e5f.part');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(live, 'half');
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(stale, old, old);
    const listed = [];
    for await (const object of storage.list()) listed.push(object.key);
    expect(listed).toEqual([]);
    expect(await storage.removeIncomplete(60)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
