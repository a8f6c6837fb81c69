import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleLibrary } from '@app/har/library/build-library';
import type { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, PASSWORD, type TestContext } from '../../test/helpers.ts';
import { buildAdminProgram } from './program.ts';

const form = { school_name: 'Riverside High School', phone: '555 010 2030', web_site: 'riverside.example.edu' };

describe.each(dialects)('admin CLI (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    adminEnv = {};
  });
  afterEach(async () => {
    await t.close();
  });

  /** The environment the commands read PUBLIC_URL and PORT from; tests set it, not the shell's. */
  let adminEnv: NodeJS.ProcessEnv = {};

  /** Runs one command line against the test app, as `npm run admin -- …args` would; returns what it printed. */
  async function admin(...args: string[]) {
    let out = '';
    const program = buildAdminProgram(
      (work) => work(t.app),
      {
        out: (text) => {
          out += text;
        },
        err: (text) => {
          out += text;
        },
      },
      adminEnv,
    );
    await program.parseAsync(args, { from: 'user' });
    return out;
  }

  async function studentWithRequest(first_name = 'Nadia') {
    const student = await t.createUser({ first_name, last_name: 'Boulanger' });
    const c = t.client();
    await c.signIn(student.email);
    expect((await c.post('/api/teacher-account-requests', form)).statusCode).toBe(201);
    return { ...student, client: c };
  }

  it('says where mailed links lead, and warns when that is a guess (no PUBLIC_URL, a port other than 3000)', async () => {
    const { email } = await t.createUser();
    const base = t.app.deps.config.publicUrl;
    expect(await admin('sign-in-link', email)).toBe(
      `Sign-in link sent to ${email} (see the outbox folder of DATA_DIR when SMTP is not configured).\nThe link opens ${base}/sign-in.\n`,
    );
    adminEnv = { PORT: '3000' };
    expect(await admin('password-reset', email)).not.toContain('Warning');
    adminEnv = { PORT: '4000' };
    expect(await admin('password-reset', email)).toContain(
      `Warning: PUBLIC_URL is not set, so links point to ${base}. Set PUBLIC_URL to the address people open the dashboard at.`,
    );
    adminEnv = { PORT: '4000', PUBLIC_URL: 'https://dashboard.example.edu' };
    expect(await admin('sign-in-link', email)).not.toContain('Warning');
  });

  it('lists pending teacher requests by default, all of them with --all', async () => {
    expect(await admin('teacher-requests')).toBe('No pending teacher account requests.\n');
    const student = await studentWithRequest();
    const lines = (await admin('teacher-requests', 'list')).trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+SUBMITTED\s+STATUS\s+NAME\s+EMAIL\s+SCHOOL\s+PHONE\s+WEB SITE$/);
    expect(lines[1]).toContain('PENDING');
    expect(lines[1]).toContain('Nadia Boulanger');
    expect(lines[1]).toContain(student.email);
    expect(lines[1]).toContain('Riverside High School');
    expect(lines[1]).toContain('https://riverside.example.edu');
    await admin('teacher-requests', 'reject', student.email);
    expect(await admin('teacher-requests')).toBe('No pending teacher account requests.\n');
    expect(await admin('teacher-requests', 'list', '--all')).toContain('REJECTED');
  });

  it('approves by id: the student becomes an instructor (user_type 2) and is e-mailed', async () => {
    const student = await studentWithRequest();
    const [request] = await t.app.services.teacherRequests.list();
    expect(await admin('teacher-requests', 'approve', String(request?.id))).toBe(
      `Approved request ${request?.id}: ${student.email} is now an instructor and has been e-mailed.\n`,
    );
    const user = (await student.client.get('/api/users')).json().data;
    expect(user.user_type).toBe(2);
    expect(user.has_pending_teacher_account_request).toBe(false);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(student.email);
    expect(mail?.subject).toBe('Your teacher account is ready');
    expect(mail?.link).toBe(`${t.config.publicUrl}/sign-in`);

    await expect(admin('teacher-requests', 'approve', String(request?.id))).rejects.toThrow(`Request ${request?.id} was already approved.`);
    await expect(admin('teacher-requests', 'approve', '999999')).rejects.toThrow('No teacher account request has id 999999.');
  });

  it("approves by the user's e-mail, in the user's language", async () => {
    const student = await studentWithRequest();
    await student.client.put('/api/users', { language: 'ko' });
    await admin('teacher-requests', 'approve', student.email.toUpperCase());
    expect(t.mailer.sent.at(-1)?.subject).toBe('강사 계정이 준비되었습니다');
    await expect(admin('teacher-requests', 'approve', student.email)).rejects.toThrow(
      `${student.email} has no pending teacher account request.`,
    );
  });

  it('rejects: the student stays a student', async () => {
    const student = await studentWithRequest();
    const sent = t.mailer.sent.length;
    expect(await admin('teacher-requests', 'reject', student.email)).toMatch(/^Rejected request \d+ from /);
    expect((await student.client.get('/api/users')).json().data).toMatchObject({
      user_type: 1,
      has_pending_teacher_account_request: false,
    });
    expect(t.mailer.sent).toHaveLength(sent);
    await expect(admin('teacher-requests', 'reject', 'nobody')).rejects.toThrow(
      'Give the request id or the e-mail of the user who sent it.',
    );
  });

  it('adds and lists schools', async () => {
    expect(await admin('schools', 'list')).toBe('No schools yet.\n');
    expect(await admin('schools', 'add', '  Northfield University ')).toMatch(/^Added school "Northfield University" \(id \d+\)\.\n$/);
    expect(await admin('schools', 'add', 'Northfield University')).toMatch(/already exists/);
    await admin('schools', 'add', 'Harmony Conservatory');
    const lines = (await admin('schools')).trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+SCHOOL$/);
    expect(lines.slice(1).map((l) => l.replace(/^\d+\s+/, ''))).toEqual(['Harmony Conservatory', 'Northfield University']);
    const c = t.client();
    await c.signIn((await t.createUser()).email);
    expect((await c.get('/api/schools')).json().data.map((s: { school: string }) => s.school)).toEqual([
      'Harmony Conservatory',
      'Northfield University',
    ]);
    await expect(admin('schools', 'add', '   ')).rejects.toThrow('School name: The name is empty.');
  });

  it('adds and lists academic terms in calendar order', async () => {
    expect(await admin('terms')).toBe('No academic terms yet.\n');
    await admin('terms', 'add', 'Fall');
    await admin('terms', 'add', 'Winter');
    await admin('terms', 'add', 'Spring', '--position', '0');
    expect(await admin('terms', 'add', 'Fall')).toMatch(/already exists/);
    const names = (await admin('terms', 'list'))
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^\d+\s+/, ''));
    expect(names).toEqual(['Spring', 'Fall', 'Winter']);
    await expect(admin('terms', 'add', 'Summer', '--position', 'first')).rejects.toThrow();
  });

  it('creates a user with a password, or mails a link to choose one', async () => {
    expect(
      await admin(
        'create-user',
        '--email',
        'Clara@Example.com',
        '--first-name',
        'Clara',
        '--last-name',
        'Wieck',
        '--instructor',
        '--password',
        PASSWORD,
        '--timezone',
        'Europe/Berlin',
      ),
    ).toMatch(/^Created instructor clara@example\.com \(id \d+\); they can sign in with the given password\.\n$/);
    const c = t.client();
    const signIn = await c.signIn('clara@example.com');
    expect(signIn.json().data.user).toMatchObject({ user_type: 2, first_name: 'Clara', timezone_name: 'Europe/Berlin', language: 'en' });

    expect(
      await admin(
        'create-user',
        '--email',
        'robert@example.com',
        '--first-name',
        'Robert',
        '--last-name',
        'Schumann',
        '--language',
        'zh-hant',
      ),
    ).toMatch(
      /^Created student robert@example\.com .* e-mailed a link to choose a password\.\nThe link opens http:\/\/\S+\/create-password\.\n$/,
    );
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe('robert@example.com');
    expect(mail?.subject).toBe('完成建立您的帳戶');
    expect(mail?.link).toContain('/create-password?token=');
  });

  it('refuses a taken e-mail, a weak password, an unknown time zone and missing options', async () => {
    const base = ['create-user', '--first-name', 'A', '--last-name', 'B'];
    await admin(...base, '--email', 'taken@example.com');
    await expect(admin(...base, '--email', 'taken@example.com')).rejects.toThrow('This email has already been taken.');
    await expect(admin(...base, '--email', 'x@example.com', '--password', 'short')).rejects.toThrow(
      'Password must be at least 8 characters.',
    );
    await expect(admin(...base, '--email', 'y@example.com', '--timezone', 'Mars/Olympus')).rejects.toThrow(
      'This time zone does not exist.',
    );
    await expect(admin(...base, '--email', 'not-an-email')).rejects.toThrow('Please enter a valid email address.');
    await expect(admin('create-user', '--email', 'z@example.com')).rejects.toThrow(/required option '--first-name <name>'/);
  });

  it('adds and lists course products', async () => {
    expect(await admin('products', 'add', 'Harmony License', '--price', '25', '--path', 'harmony-license')).toMatch(
      /Added course product "Harmony License" at \$25\.00/,
    );
    const lines = (await admin('products')).trim().split('\n');
    expect(lines[1]).toMatch(/Harmony License\s+25\.00\s+harmony-license/);
    await expect(admin('products', 'add', 'Bad', '--price', 'free', '--path', 'x')).rejects.toThrow(
      /The price must be a number of dollars/,
    );
  });

  it('imports a folder of .har files as a library set, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-lib-'));
    try {
      const sample = buildSampleLibrary().sets[0];
      for (const doc of sample?.documents.slice(0, 3) ?? []) fs.writeFileSync(path.join(dir, `${doc.slug}.har`), doc.har);
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a document');
      expect(await admin('library', 'import', dir, '--title', 'Imported Set')).toMatch(
        /Imported 3 of 3 files into the library set "Imported Set"/,
      );
      expect(await admin('library', 'import', dir, '--title', 'Imported Set')).toMatch(/Imported 0 of 3 files/);
      const owner = await t.createUser({ user_type: 2 });
      const c = t.client();
      await c.signIn(owner.email);
      const sets = (await c.get('/api/content-library')).json().data;
      expect(sets[0].documents.map((d: { preview_status: string }) => d.preview_status)).toEqual(['READY', 'READY', 'READY']);
      await expect(admin('library', 'import', path.join(dir, 'missing'))).rejects.toThrow(/is not a folder/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has --help for every command', async () => {
    const program = buildAdminProgram((work) => work(t.app), { out: () => {}, err: () => {} });
    const all = (command: Command): Command[] => [command, ...command.commands.flatMap(all)];
    const commands = all(program);
    expect(commands.map((command) => command.name())).toEqual(
      expect.arrayContaining([
        'teacher-requests',
        'approve',
        'reject',
        'schools',
        'terms',
        'create-user',
        'password-reset',
        'sign-in-link',
      ]),
    );
    for (const command of commands) {
      expect(command.description(), command.name()).not.toBe('');
      expect(command.helpInformation()).toContain('Usage:');
    }
    let help = '';
    const withHelp = buildAdminProgram((work) => work(t.app), {
      out: (text) => {
        help += text;
      },
      err: () => {},
    });
    await expect(withHelp.parseAsync(['teacher-requests', 'approve', '--help'], { from: 'user' })).rejects.toMatchObject({ exitCode: 0 });
    expect(help).toContain('Usage: admin teacher-requests approve [options] <request>');
  });
});
