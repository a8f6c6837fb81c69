import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../test/helpers.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createMailer } from './mail/mailer.ts';
import { accountMail } from './mail/templates.ts';
import { seedDemoData } from './seed/demo.ts';

describe('configuration', () => {
  it('lists every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL must start with postgres://');
    }
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, sessionIdleSeconds: 1800, sessionMaxSeconds: 43200, publicUrl: 'http://localhost:3000' });
  });
});

describe.each(dialects)('the HTTP surface (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
  });

  it('sends a strict content security policy and the other helmet headers', async () => {
    const res = await t.client().get('/api/languages');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document and its browser', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(json.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/users', '/api/users/sign-in', '/api/users/password', '/api/timezones']));
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('demo data', () => {
  it('is made once on a new database and reports the three accounts', async () => {
    const t = await createTestApp('sqlite', { DEMO_DATA: '1' });
    try {
      const seeded = await seedDemoData(t.app.deps, t.app.services);
      expect(seeded.accounts.map((a) => a.email)).toEqual(['instructor@example.com', 'ta@example.com', 'student@example.com']);
      const c = t.client();
      const res = await c.post('/api/users/sign-in', { email: 'instructor@example.com', password: 'DemoPass123' });
      expect(res.json().data.user.user_type).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe('the outbox mailer', () => {
  it('writes a complete .eml file per message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-outbox-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.com', outboxDir: path.join(dir, 'outbox'), log: app.log });
      await mailer.send(accountMail('reset-password', 'zh-hans', 'a@example.com', 'A', 'http://localhost:3000/create-password?token=abc'));
      const files = fs.readdirSync(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
      expect(eml).toContain('To: a@example.com');
      expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
