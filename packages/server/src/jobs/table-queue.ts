import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db, DialectName } from '../db/database.ts';
import type { Database, JobRow } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { currentRequestId } from '../lib/request-context.ts';
import {
  type JobHandler,
  type JobLane,
  JobLeaseLostError,
  type JobOptions,
  type JobOutcome,
  type JobQueue,
  JobStoppedError,
  JobTimeoutError,
} from './job-queue.ts';

type Registered = { handler: JobHandler<unknown>; options: Required<JobOptions> };
type Running = { job: JobRow; controller: AbortController; done: Promise<void> };

/** Wakes idle workers when a job is enqueued elsewhere (PostgreSQL LISTEN/NOTIFY: jobs/pg-wakeup.ts). */
export type JobWakeup = {
  /** Sends the wake-up as part of `db` (a transaction delivers it on commit). */
  notify(db: Db, name: string): Promise<void>;
  /** Calls `onWake` on every wake-up until the returned function is called. */
  listen(onWake: () => void): () => Promise<void>;
};

export type TableQueueOptions = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Jobs this process runs at the same time; 0 runs none (a web-only instance still enqueues). */
  concurrency: number;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs: number;
  /**
   * A claimed job is leased for this long and the lease is renewed while the handler runs;
   * a worker that dies stops renewing, and another takes the job over once the lease ends.
   */
  leaseSeconds?: number;
  /** How often a running job's lease is renewed (default a third of the lease). */
  heartbeatMs?: number;
  /** How long `stop()` waits for running jobs before handing them back (default 5 s). */
  stopGraceMs?: number;
  wakeup?: JobWakeup;
  /** Told how each run ended and how long it took (metrics). */
  onSettled?: (name: string, outcome: JobOutcome, seconds: number) => void;
};

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
const DEFAULT_LEASE_SECONDS = 30;
/** Jobs of the 'prompt' lane (mail) a worker runs at once, beside its `concurrency` of background jobs. */
const PROMPT_SLOTS = 1;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

function outcomeOf(error: unknown, failedForGood: boolean): JobOutcome {
  if (error instanceof JobStoppedError) return 'stopped';
  if (error instanceof JobLeaseLostError) return 'lost';
  return failedForGood ? 'failed' : 'retry';
}

/**
 * The job queue: rows in `jobs`, claimed with one atomic UPDATE … RETURNING (on
 * PostgreSQL its candidate row is picked FOR UPDATE SKIP LOCKED), so several instances
 * never run the same job twice at once. A claimed job holds a short lease that a
 * heartbeat renews while its handler runs; if the process dies the lease runs out
 * and any worker runs the job again. A finished job's row is deleted; a job that
 * failed every attempt stays as `failed` with its last error.
 */
export function createTableQueue(options: TableQueueOptions): JobQueue {
  const { db, dialect, clock, log, concurrency, pollIntervalMs, wakeup } = options;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, (leaseSeconds * 1000) / 3);
  const workerId = randomUUID();
  const handlers = new Map<string, Registered>();
  const running = new Map<number, Running>();
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  /** The poll under way, if any: `stop` waits for it, so a job it is claiming right then is handed back too. */
  let pollRun: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopping: Promise<void> | undefined;

  /** The row of a new job of `name`, due `delaySeconds` from `now`. */
  const newJob = (name: string, payload: unknown, delaySeconds: number | undefined, now: number) => ({
    name,
    payload: JSON.stringify(payload ?? null),
    status: 'queued' as const,
    attempts: 0,
    max_attempts: handlers.get(name)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_after: now + (delaySeconds ?? 0),
    locked_at: null,
    locked_until: null,
    locked_by: null,
    last_error: null,
    request_id: currentRequestId() ?? null,
    created_at: now,
    updated_at: now,
  });

  /** A job due now was added (in `target`): other instances' idle workers hear of it on commit; this one looks soon rather than at the next poll. */
  async function wake(target: Db, name: string): Promise<void> {
    await wakeup?.notify(target, name);
    if (started) setTimeout(() => void poll(), 25).unref();
  }

  const due = (now: number) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
    ]);

  /** Takes the next due job (queued and due, or running with an expired lease) for this worker, of `only` these names if given. */
  async function claim(only?: readonly string[]): Promise<JobRow | undefined> {
    const names = [...handlers.keys()].filter((name) => !only || only.includes(name));
    if (names.length === 0) return undefined;
    const now = clock.now();
    let candidate = db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where(due(now))
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
    if (dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    return (
      db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_at: now,
          locked_until: now + leaseSeconds,
          locked_by: workerId,
          updated_at: now,
        }))
        .where('id', '=', candidate)
        // Checked again on the row itself: a concurrent claim that won the row makes this one match nothing.
        .where(due(now))
        .returningAll()
        .executeTakeFirst()
    );
  }

  function ownJob(job: JobRow) {
    return db.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).where('attempts', '=', job.attempts);
  }

  /** Extends the lease of a running job; false when another worker has taken it over. */
  async function renew(job: JobRow): Promise<boolean> {
    const now = clock.now();
    const result = await ownJob(job)
      .where('status', '=', 'running')
      .set({ locked_until: now + leaseSeconds, updated_at: now })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function settle(job: JobRow, registered: Registered, error: unknown): Promise<JobOutcome> {
    const now = clock.now();
    const release = { locked_at: null, locked_until: null, locked_by: null, updated_at: now };
    if (error instanceof JobLeaseLostError) return 'lost';
    if (error instanceof JobStoppedError) {
      // Shutdown is not the job's fault: it runs again first thing, without using up an attempt.
      await ownJob(job)
        .set({ ...release, status: 'queued', run_after: now, attempts: job.attempts - 1 })
        .execute();
      return 'stopped';
    }
    const last_error = errorText(error);
    if (job.attempts >= job.max_attempts) {
      log.error({ err: error, jobId: job.id, job: job.name, attempts: job.attempts, requestId: job.request_id }, 'job failed for good');
      await ownJob(job)
        .set({ ...release, status: 'failed', last_error })
        .execute();
      return 'failed';
    }
    log.warn({ err: error, jobId: job.id, job: job.name, attempt: job.attempts, requestId: job.request_id }, 'job failed; will retry');
    const run_after = now + registered.options.retryDelaySeconds * job.attempts;
    await ownJob(job)
      .set({ ...release, status: 'queued', run_after, last_error })
      .execute();
    return outcomeOf(error, false);
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
    const heartbeat = setInterval(() => {
      renew(job).then(
        (held) => {
          if (!held && !controller.signal.aborted) {
            log.warn({ jobId: job.id, job: job.name }, 'job lease lost to another worker; stopping this run');
            controller.abort(new JobLeaseLostError());
          }
        },
        // The database is away: keep running; the next beat tries again.
        (err: unknown) => log.warn({ err, jobId: job.id }, 'could not renew job lease'),
      );
    }, heartbeatMs);
    heartbeat.unref();
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    const startedAt = performance.now();
    const jobLog = log.child({ jobId: job.id, job: job.name, ...(job.request_id ? { requestId: job.request_id } : {}) });
    const done = (async () => {
      let outcome: JobOutcome = 'done';
      try {
        const payload = JSON.parse(job.payload) as unknown;
        const context = { id: job.id, name: job.name, attempt: job.attempts, signal: controller.signal, log: jobLog };
        // A handler that ignores its signal is not waited for past the limit.
        await Promise.race([registered.handler(payload, context), aborted]);
        await db
          .deleteFrom('jobs')
          .where('id', '=', job.id)
          .where('locked_by', '=', workerId)
          .where('attempts', '=', job.attempts)
          .execute();
      } catch (error) {
        outcome = await settle(job, registered, error).catch((err: unknown) => {
          log.error({ err, jobId: job.id }, 'could not record job result');
          return outcomeOf(error, job.attempts >= job.max_attempts);
        });
      } finally {
        clearTimeout(limit);
        clearInterval(heartbeat);
        running.delete(job.id);
        options.onSettled?.(job.name, outcome, (performance.now() - startedAt) / 1000);
      }
    })();
    running.set(job.id, { job, controller, done });
    await done;
  }

  const laneOf = (name: string): JobLane => handlers.get(name)?.options.lane ?? 'background';
  const namesIn = (lane: JobLane) => [...handlers.keys()].filter((name) => laneOf(name) === lane);
  const runningIn = (lane: JobLane) => [...running.values()].filter((r) => laneOf(r.job.name) === lane).length;
  const slots: Record<JobLane, number> = { prompt: PROMPT_SLOTS, background: concurrency };

  /** Fills the free slots of one lane with due jobs of that lane. */
  async function fill(lane: JobLane) {
    const names = namesIn(lane);
    if (names.length === 0) return;
    while (started && runningIn(lane) < slots[lane]) {
      const job = await claim(names);
      if (!job) break;
      void execute(job).finally(() => {
        if (started) setImmediate(() => void poll());
      });
    }
  }

  function poll(): Promise<void> {
    if (polling || !started) return pollRun ?? Promise.resolve();
    pollRun = pollOnce();
    return pollRun;
  }

  async function pollOnce() {
    polling = true;
    clearTimeout(timer);
    try {
      await fill('prompt');
      await fill('background');
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

  async function stopRunning(graceMs: number) {
    started = false;
    clearTimeout(timer);
    await unlisten?.().catch((err: unknown) => log.warn({ err }, 'could not stop listening for jobs'));
    unlisten = undefined;
    await pollRun;
    const inFlight = [...running.values()];
    if (inFlight.length === 0) return;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled(inFlight.map((r) => r.done)), grace]);
    clearTimeout(graceTimer);
    // Handed back: queued again at once for another worker, without using up an attempt.
    for (const r of running.values()) r.controller.abort(new JobStoppedError());
    await Promise.allSettled([...running.values()].map((r) => r.done));
  }

  return {
    register(name, handler, jobOptions) {
      handlers.set(name, {
        handler: handler as JobHandler<unknown>,
        options: {
          timeLimitMs: jobOptions.timeLimitMs,
          maxAttempts: jobOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          retryDelaySeconds: jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
          lane: jobOptions.lane ?? 'background',
        },
      });
    },

    async enqueue(name, payload, enqueueOptions = {}) {
      const target = enqueueOptions.db ?? db;
      const row = await target
        .insertInto('jobs')
        .values(newJob(name, payload, enqueueOptions.delaySeconds, clock.now()))
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!enqueueOptions.delaySeconds) await wake(target, name);
      return row.id;
    },

    async enqueueMany(name, jobs, enqueueOptions = {}) {
      if (jobs.length === 0) return;
      const target = enqueueOptions.db ?? db;
      const now = clock.now();
      await target
        .insertInto('jobs')
        .values(jobs.map((job) => newJob(name, job.payload, job.delaySeconds, now)))
        .execute();
      if (jobs.some((job) => !job.delaySeconds)) await wake(target, name);
    },

    start() {
      if (started || concurrency === 0 || stopping) return;
      started = true;
      unlisten = wakeup?.listen(() => void poll());
      void poll();
    },

    stop(stopOptions = {}) {
      stopping ??= stopRunning(stopOptions.graceMs ?? options.stopGraceMs ?? 5000);
      return stopping;
    },

    async drain(drainOptions = {}) {
      let ran = 0;
      for (;;) {
        const job = await claim(drainOptions.names);
        if (!job) {
          if (running.size === 0) return ran;
          await Promise.allSettled([...running.values()].map((r) => r.done));
          continue;
        }
        ran += 1;
        await execute(job);
      }
    },

    async depth() {
      const rows = await db
        .selectFrom('jobs')
        .select(['name', 'status', sql<number>`count(*)`.as('count'), sql<number | null>`min(run_after)`.as('oldest')])
        .groupBy(['name', 'status'])
        .execute();
      const now = clock.now();
      return rows.map((r) => ({
        name: r.name,
        status: r.status,
        count: Number(r.count),
        oldestAgeSeconds: r.oldest === null ? 0 : Math.max(0, now - Number(r.oldest)),
      }));
    },
  };
}
