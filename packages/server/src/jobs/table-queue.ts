import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, DialectName } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { type JobHandler, type JobOptions, type JobQueue, JobStoppedError, JobTimeoutError } from './job-queue.ts';

type Registered = { handler: JobHandler<unknown>; options: Required<JobOptions> };
type Running = { job: JobRow; controller: AbortController; done: Promise<void> };

export type TableQueueOptions = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Jobs this process runs at the same time. */
  concurrency: number;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs: number;
  /** Added to a job's time limit to get its lock: after that, another worker may take it over. */
  lockGraceSeconds?: number;
};

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 30;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * The embedded job queue: rows in `jobs`, claimed with one atomic UPDATE … RETURNING
 * (on PostgreSQL its candidate row is picked FOR UPDATE SKIP LOCKED), so several
 * instances never run the same job twice at once. A claimed job holds a lock until
 * its time limit plus a grace period; if the process dies, the lock expires and any
 * worker runs the job again. A finished job's row is deleted; a job that failed
 * every attempt stays as `failed` with its last error.
 */
export function createTableQueue(options: TableQueueOptions): JobQueue {
  const { db, dialect, clock, log, concurrency, pollIntervalMs } = options;
  const lockGraceSeconds = options.lockGraceSeconds ?? 60;
  const workerId = randomUUID();
  const handlers = new Map<string, Registered>();
  const running = new Map<number, Running>();
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;

  function lockSeconds(name: string) {
    const registered = handlers.get(name);
    return Math.ceil((registered?.options.timeLimitMs ?? 0) / 1000) + lockGraceSeconds;
  }

  /** Takes the next due job (queued and due, or running with an expired lock) for this worker. */
  async function claim(): Promise<JobRow | undefined> {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    const now = clock.now();
    let candidate = db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
    if (dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    const lockedUntil = sql<number>`CASE name ${sql.join(
      names.map((name) => sql`WHEN ${name} THEN ${sql.lit(now + lockSeconds(name))}`),
      sql` `,
    )} END`;
    return (
      db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_at: now,
          locked_until: lockedUntil,
          locked_by: workerId,
          updated_at: now,
        }))
        .where('id', '=', candidate)
        // Checked again on the row itself: a concurrent claim that won the row makes this one match nothing.
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst()
    );
  }

  function ownJob(job: JobRow) {
    return db.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).where('attempts', '=', job.attempts);
  }

  async function settle(job: JobRow, registered: Registered, error: unknown) {
    const now = clock.now();
    const release = { locked_at: null, locked_until: null, locked_by: null, updated_at: now };
    if (error instanceof JobStoppedError) {
      // Shutdown is not the job's fault: it runs again first thing, without using up an attempt.
      await ownJob(job)
        .set({ ...release, status: 'queued', run_after: now, attempts: job.attempts - 1 })
        .execute();
      return;
    }
    const last_error = errorText(error);
    if (job.attempts >= job.max_attempts) {
      log.error({ err: error, jobId: job.id, job: job.name, attempts: job.attempts }, 'job failed for good');
      await ownJob(job)
        .set({ ...release, status: 'failed', last_error })
        .execute();
      return;
    }
    log.warn({ err: error, jobId: job.id, job: job.name, attempt: job.attempts }, 'job failed; will retry');
    const run_after = now + registered.options.retryDelaySeconds * job.attempts;
    await ownJob(job)
      .set({ ...release, status: 'queued', run_after, last_error })
      .execute();
  }

  async function execute(job: JobRow): Promise<void> {
    const registered = handlers.get(job.name);
    if (!registered) return;
    if (job.attempts > job.max_attempts) {
      // Taken over after its worker died on the last attempt.
      await settle(job, registered, new Error(`Gave up after ${job.max_attempts} attempts; the last one never finished.`));
      return;
    }
    const controller = new AbortController();
    const { timeLimitMs } = registered.options;
    const limit = setTimeout(() => controller.abort(new JobTimeoutError(timeLimitMs)), timeLimitMs);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    const done = (async () => {
      try {
        const payload = JSON.parse(job.payload) as unknown;
        const context = { id: job.id, name: job.name, attempt: job.attempts, signal: controller.signal, log };
        // A handler that ignores its signal is not waited for past the limit.
        await Promise.race([registered.handler(payload, context), aborted]);
        await db
          .deleteFrom('jobs')
          .where('id', '=', job.id)
          .where('locked_by', '=', workerId)
          .where('attempts', '=', job.attempts)
          .execute();
      } catch (error) {
        await settle(job, registered, error).catch((err: unknown) => log.error({ err, jobId: job.id }, 'could not record job result'));
      } finally {
        clearTimeout(limit);
        running.delete(job.id);
      }
    })();
    running.set(job.id, { job, controller, done });
    await done;
  }

  async function poll() {
    if (polling || !started) return;
    polling = true;
    clearTimeout(timer);
    try {
      while (started && running.size < concurrency) {
        const job = await claim();
        if (!job) break;
        void execute(job).finally(() => {
          if (started) setImmediate(() => void poll());
        });
      }
    } catch (err) {
      log.error({ err }, 'job polling failed');
    } finally {
      polling = false;
      if (started) {
        clearTimeout(timer);
        timer = setTimeout(() => void poll(), pollIntervalMs);
        timer.unref();
      }
    }
  }

  return {
    register(name, handler, jobOptions) {
      handlers.set(name, {
        handler: handler as JobHandler<unknown>,
        options: {
          timeLimitMs: jobOptions.timeLimitMs,
          maxAttempts: jobOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          retryDelaySeconds: jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        },
      });
    },

    async enqueue(name, payload, enqueueOptions = {}) {
      const now = clock.now();
      const row = await (enqueueOptions.db ?? db)
        .insertInto('jobs')
        .values({
          name,
          payload: JSON.stringify(payload ?? null),
          status: 'queued',
          attempts: 0,
          max_attempts: handlers.get(name)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          run_after: now + (enqueueOptions.delaySeconds ?? 0),
          locked_at: null,
          locked_until: null,
          locked_by: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Look soon rather than at the next poll; a transaction that is still open commits first.
      if (started && !enqueueOptions.delaySeconds) setTimeout(() => void poll(), 25).unref();
      return row.id;
    },

    start() {
      if (started) return;
      started = true;
      void poll();
    },

    async stop(stopOptions = {}) {
      started = false;
      clearTimeout(timer);
      const inFlight = [...running.values()];
      if (inFlight.length === 0) return;
      const graceMs = stopOptions.graceMs ?? 5000;
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled(inFlight.map((r) => r.done)), grace]);
      clearTimeout(graceTimer);
      for (const r of running.values()) r.controller.abort(new JobStoppedError());
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },

    async drain() {
      let ran = 0;
      for (;;) {
        const job = await claim();
        if (!job) {
          if (running.size === 0) return ran;
          await Promise.allSettled([...running.values()].map((r) => r.done));
          continue;
        }
        ran += 1;
        await execute(job);
      }
    },
  };
}
