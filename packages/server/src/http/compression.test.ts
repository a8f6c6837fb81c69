import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

// Issue 15: API answers above 1 KB leave compressed; built assets are sent precompressed and cached.
describe('compression', () => {
  let t: TestContext;
  let web: string;
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Harmony</title>');
    fs.writeFileSync(path.join(web, 'assets/app-1234abcd.js'), script);
    fs.writeFileSync(path.join(web, 'assets/app-1234abcd.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(web, 'assets/app-1234abcd.js.gz'), zlib.gzipSync(script));
    t = await createTestApp('sqlite', { WEB_DIST: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends a built asset precompressed, in the encoding the browser takes, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toContain('immutable');
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers above 1 KB and leaves small ones alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toBeDefined();
    const small = await t.app.inject({ method: 'GET', url: '/api/csrf', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.csrf_token).toBeDefined();
  });
});
