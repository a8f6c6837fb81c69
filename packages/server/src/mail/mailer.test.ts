import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { accountMail } from './templates.ts';

const TOKEN = 'secret-one-time-token-123';

/** A logger at `level` whose lines are collected as parsed JSON. */
function collectingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('the outbox mailer and its log', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const outbox = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-mail-log-'));
    dirs.push(dir);
    return path.join(dir, 'outbox');
  };
  const message = () => accountMail('reset-password', 'en', 'a@example.com', 'A', `http://localhost:3000/create-password?token=${TOKEN}`);

  it('says at info level that a message went to the outbox, without its link', async () => {
    const { log, lines } = collectingLogger('info');
    await createMailer({ smtpUrl: undefined, from: 'x@example.com', outboxDir: outbox(), log }).send(message());
    expect(lines.map((l) => l.msg)).toEqual(['mail written to outbox']);
    expect(lines[0]).toMatchObject({ to: 'a@example.com', subject: 'Reset your password' });
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  it('keeps the link for local use at debug level', async () => {
    const { log, lines } = collectingLogger('debug');
    await createMailer({ smtpUrl: undefined, from: 'x@example.com', outboxDir: outbox(), log }).send(message());
    const debug = lines.find((l) => l.level === 20);
    expect(debug?.link).toBe(`http://localhost:3000/create-password?token=${TOKEN}`);
    expect(lines.filter((l) => Number(l.level) >= 30 && JSON.stringify(l).includes(TOKEN))).toEqual([]);
  });
});
