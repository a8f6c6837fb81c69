import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { JobOptions } from '../jobs/job-queue.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The one way to send mail: a `mail` job enqueued in the transaction that stores the change
 * the mail is about, so there is a mail exactly when the change committed, and a mail server
 * failure neither fails the request nor loses the mail (the job is retried). The message is
 * rendered when it is queued (templates.ts, course-templates.ts, discussion-templates.ts) and
 * the job hands it to `deps.mailer` as it is.
 */
export const MAIL_JOB = 'mail';

/**
 * Retries: after 1, 2, 3, 4 and 5 minutes (the attempt times `retryDelaySeconds`), then failed for good.
 * The prompt lane: a sign-up link never waits behind the demo data's renders or a transcode.
 */
const MAIL_JOB_OPTIONS: JobOptions = { timeLimitMs: 60_000, maxAttempts: 6, retryDelaySeconds: 60, lane: 'prompt' };

/** Registers the job that sends queued mail (once, at build time). */
export function registerMailJob(deps: Pick<Deps, 'jobs' | 'mailer'>) {
  deps.jobs.register<MailMessage>(
    MAIL_JOB,
    async (message) => {
      await deps.mailer.send(message);
    },
    MAIL_JOB_OPTIONS,
  );
}

/**
 * Queues `messages` as part of `db`: pass the transaction that stores the change, so the mail
 * exists only if it commits. The worker sends them soon after (jobs/table-queue.ts).
 */
export async function queueMail(deps: Pick<Deps, 'jobs'>, db: Db, ...messages: MailMessage[]): Promise<void> {
  for (const message of messages) await deps.jobs.enqueue(MAIL_JOB, message, { db });
}
