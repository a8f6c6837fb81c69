import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { buildAdminProgram } from './program.ts';

const canvas = [
  '--issuer',
  'https://canvas.instructure.com',
  '--client-id',
  '10000000000001',
  '--deployment-id',
  '1:abc',
  '--deployment-id',
  '2:def',
  '--auth-url',
  'https://sso.canvaslms.com/api/lti/authorize_redirect',
  '--token-url',
  'https://sso.canvaslms.com/login/oauth2/token',
  '--jwks-url',
  'https://sso.canvaslms.com/api/lti/security/jwks',
];

describe.each(dialects)('admin CLI: lti (%s)', (dialect) => {
  let t: TestContext;
  afterEach(async () => {
    await t.close();
  });

  async function admin(...args: string[]) {
    let out = '';
    const write = (text: string) => {
      out += text;
    };
    await buildAdminProgram((work) => work(t.app), { out: write, err: write }, {}).parseAsync(args, { from: 'user' });
    return out;
  }

  it('registers, lists, updates and removes platforms; e-mails stay untrusted unless asked', async () => {
    t = await createTestApp(dialect);
    expect(await admin('lti', 'platforms', 'list')).toBe('No LTI platforms are registered.\n');
    expect(await admin('lti', 'platforms', 'add', ...canvas)).toBe(
      'Registered platform 1: https://canvas.instructure.com (client 10000000000001, 2 deployments); its e-mails are not trusted.\n',
    );
    const list = await admin('lti', 'platforms', 'list');
    expect(list.split('\n')[0]).toMatch(/^ID\s+ISSUER\s+CLIENT ID\s+DEPLOYMENTS\s+E-MAILS/);
    expect(list).toMatch(/^1\s+https:\/\/canvas\.instructure\.com\s+10000000000001\s+1:abc,2:def\s+untrusted\s+https:\/\/sso/m);

    expect(await admin('lti', 'platforms', 'update', '1', '--deployment-id', '3:ghi', '--emails-verified')).toBe('Updated platform 1.\n');
    expect(await admin('lti', 'platforms', 'list')).toMatch(/^1\s+\S+\s+10000000000001\s+3:ghi\s+trusted/m);
    expect(await admin('lti', 'platforms', 'update', '1', '--no-emails-verified')).toBe('Updated platform 1.\n');
    expect(await admin('lti', 'platforms', 'list')).toMatch(/3:ghi\s+untrusted/);

    expect(await admin('lti', 'platforms', 'remove', '1')).toBe('Removed platform 1.\n');
    expect(await admin('lti', 'platforms', 'list')).toBe('No LTI platforms are registered.\n');
  });

  it('refuses a second registration of an issuer and client id, unknown ids, and missing options', async () => {
    t = await createTestApp(dialect);
    await admin('lti', 'platforms', 'add', ...canvas);
    await expect(admin('lti', 'platforms', 'add', ...canvas)).rejects.toThrow(
      'A platform with this issuer and client id is registered already.',
    );
    await expect(admin('lti', 'platforms', 'update', '9', '--client-id', 'x')).rejects.toThrow('No LTI platform has id 9.');
    await expect(admin('lti', 'platforms', 'remove', '9')).rejects.toThrow('No LTI platform has id 9.');
    await expect(admin('lti', 'platforms', 'remove', 'canvas')).rejects.toThrow('Give the platform id that `lti platforms list` shows.');
    await expect(admin('lti', 'platforms', 'add', '--issuer', 'https://x.example')).rejects.toThrow(
      "required option '--client-id <id>' not specified",
    );
  });

  it('takes https URLs, and http://127.0.0.1 only outside production mode', async () => {
    t = await createTestApp(dialect);
    const local = canvas.map((v) => v.replace('https://sso.canvaslms.com', 'http://127.0.0.1:9'));
    expect(await admin('lti', 'platforms', 'add', ...local)).toMatch(/^Registered platform 1/);
    const remoteHttp = canvas.map((v) => v.replace('https://sso.canvaslms.com/api/lti/security', 'http://canvas.example.edu'));
    await expect(admin('lti', 'platforms', 'add', ...remoteHttp.map((v) => v.replace('10000000000001', '2')))).rejects.toThrow(
      'The key set URL must be an https:// address (http://127.0.0.1 or http://localhost only in development or test mode).',
    );
    await t.close();
    t = await createTestApp(dialect, { APP_MODE: 'production' });
    await expect(admin('lti', 'platforms', 'add', ...local)).rejects.toThrow(
      'The authorisation URL must be an https:// address (http://127.0.0.1 or http://localhost only in development or test mode).',
    );
  });

  it('rotates the signing key, keeping the old one published for two hours', async () => {
    t = await createTestApp(dialect);
    const kids = async () => ((await t.client().get('/lti/jwks')).json() as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    const [first] = await kids();
    expect(first).toBeTruthy();
    const out = await admin('lti', 'keys', 'rotate');
    const second = /^New signing key (\S+); 1 old key kept in the key set for 2 hours\.\n$/.exec(out)?.[1];
    expect(second).toBeTruthy();
    expect(await kids()).toEqual([first, second]);
    t.clock.advance(2 * 3600 + 1);
    expect(await kids()).toEqual([second]);
    await admin('lti', 'keys', 'rotate');
    expect(await kids()).not.toContain(first);
    expect(await kids()).toHaveLength(2);
  });

  it('makes a one-time Dynamic Registration URL, usable for 24 hours unless told otherwise', async () => {
    t = await createTestApp(dialect);
    const out = await admin('lti', 'registration-url');
    const [url, until] = out.trimEnd().split('\n');
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/lti/register/[\\w-]{20,}$`));
    expect(until).toBe(`Usable once, until ${new Date((t.clock.now() + 24 * 3600) * 1000).toISOString()}.`);
    const key = url?.split('/').at(-1) ?? '';
    expect(await t.app.services.lti.registrationKeyLive(key)).toBe(true);
    const short = (await admin('lti', 'registration-url', '--hours', '2')).split('\n')[1];
    expect(short).toBe(`Usable once, until ${new Date((t.clock.now() + 2 * 3600) * 1000).toISOString()}.`);
    await expect(admin('lti', 'registration-url', '--hours', 'soon')).rejects.toThrow('Give a number of hours from 1 to 720.');
    t.clock.advance(24 * 3600 + 1);
    expect(await t.app.services.lti.registrationKeyLive(key)).toBe(false);
  });
});
