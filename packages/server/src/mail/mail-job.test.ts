import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { MAIL_JOB, queueMail } from './mail-job.ts';
import type { MailMessage } from './mailer.ts';

const message: MailMessage = { to: 'a@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe.each(dialects)('mail as a job (%s)', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const mailJobs = () =>
    t.app.deps.db.selectFrom('jobs').select(['status', 'attempts', 'last_error', 'payload']).where('name', '=', MAIL_JOB).execute();

  it('exists only if the transaction that queued it commits', async () => {
    await expect(
      t.app.deps.db.transaction().execute(async (trx) => {
        await queueMail(t.app.deps, trx, message);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailJobs()).toEqual([]);

    await t.app.deps.db.transaction().execute((trx) => queueMail(t.app.deps, trx, message, { ...message, to: 'b@example.com' }));
    expect(await mailJobs()).toHaveLength(2);
    expect(t.mailer.sent).toEqual([]);
    expect(await t.deliverMail()).toBe(2);
    expect(t.mailer.sent).toEqual([message, { ...message, to: 'b@example.com' }]);
    expect(await mailJobs()).toEqual([]);
  });

  it('is queued with the change a request stores, and sent by the job as it was rendered', async () => {
    const { email } = await t.createUser();
    expect((await t.client().post('/api/users/password-reset', { email })).statusCode).toBe(200);
    const [job] = await mailJobs();
    expect(job?.status).toBe('queued');
    expect(JSON.parse(job?.payload ?? '{}')).toMatchObject({ to: email, subject: 'Reset your password' });
    expect(t.mailer.sent).toEqual([]);
    await t.deliverMail();
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Reset your password']);
  });

  it('a failing mail server does not fail the request; the mail is retried until it goes', async () => {
    const send = t.mailer.send;
    let failures = 0;
    t.mailer.send = async () => {
      failures += 1;
      throw new Error('SMTP 421 try again later');
    };
    const { email } = await t.createUser();
    // Before mail was a job this answered 500 after the link was stored.
    expect((await t.client().post('/api/users/password-reset', { email })).statusCode).toBe(200);
    expect(await t.deliverMail()).toBe(1);
    expect(failures).toBe(1);
    expect(await mailJobs()).toMatchObject([{ status: 'queued', attempts: 1, last_error: 'SMTP 421 try again later' }]);
    // Not due again until its retry delay has passed.
    expect(await t.deliverMail()).toBe(0);

    t.mailer.send = send;
    t.clock.advance(60);
    expect(await t.deliverMail()).toBe(1);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([email]);
    expect(await mailJobs()).toEqual([]);
  });

  it('other jobs stay queued when only mail is delivered', async () => {
    await t.app.deps.jobs.enqueue('not-mail', {});
    await t.app.deps.db.transaction().execute((trx) => queueMail(t.app.deps, trx, message));
    expect(await t.deliverMail()).toBe(1);
    const left = await t.app.deps.db.selectFrom('jobs').select('name').execute();
    expect(left.map((j) => j.name)).toEqual(['not-mail']);
  });
});
