import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

/**
 * Background work that must not run inside a request: media transcoding,
 * document previews, grading. A job is a name and a JSON payload; the handler
 * registered under that name runs it, at least once (a job whose worker died
 * runs again), so handlers must be safe to repeat.
 *
 * The implementation is `createTableQueue` (table-queue.ts): a `jobs` table
 * polled in-process, safe with any number of instances on either engine
 * (docs/decisions/004-jobs-table-queue.md says why not pg-boss).
 */
export interface JobQueue {
  /** Says how to run jobs of `name`; call before `start`. */
  register<P>(name: string, handler: JobHandler<P>, options: JobOptions): void;
  /**
   * Adds a job that runs after `delaySeconds` (default now). Pass the transaction as `db`
   * to make the job part of it: it exists only if the transaction commits.
   */
  enqueue(name: string, payload: unknown, options?: { delaySeconds?: number; db?: Db }): Promise<number>;
  /** Adds several jobs of `name` in one statement, each with its payload and delay (default now); `db` as for `enqueue`. */
  enqueueMany(name: string, jobs: readonly { payload: unknown; delaySeconds?: number }[], options?: { db?: Db }): Promise<void>;
  /** Begins polling for jobs in this process (nothing with a concurrency of 0). */
  start(): void;
  /**
   * Stops polling and waits up to `graceMs` for running jobs; jobs still running then are
   * aborted (their signal says JobStoppedError) and handed back to the queue. Calling it
   * again waits for the same stop.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * Runs every job that is due now (only those named in `names`, if given), one after another,
   * until none is left (tests, CLI). Returns how many ran.
   */
  drain(options?: { names?: readonly string[] }): Promise<number>;
  /** Jobs waiting or running, by name and status, with the age of the oldest (metrics). */
  depth(): Promise<{ name: string; status: string; count: number; oldestAgeSeconds: number }[]>;
}

/** How one run of a job ended: done, retried later, failed for good, handed back at shutdown, or taken over. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'stopped' | 'lost';

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export type JobContext = {
  id: number;
  name: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborts with JobTimeoutError at the time limit, JobStoppedError at shutdown, JobLeaseLostError when taken over. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

export type JobOptions = {
  /** The job is aborted and counts as failed once it runs longer than this. */
  timeLimitMs: number;
  /** Runs before the job is marked failed for good (default 3). */
  maxAttempts?: number;
  /** A failed attempt is retried after attempt × this many seconds (default 30). */
  retryDelaySeconds?: number;
  /**
   * 'prompt' for short jobs someone is waiting for (mail): they run in a slot of their own,
   * so they never wait behind long background work such as transcoding or rendering.
   * Default 'background', which shares the worker's `concurrency`.
   */
  lane?: JobLane;
};

export type JobLane = 'background' | 'prompt';

export class JobTimeoutError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`The job ran longer than its time limit of ${Math.round(timeLimitMs / 100) / 10} s.`);
    this.name = 'JobTimeoutError';
  }
}

/** Another worker took the job over (this one's lease ran out, e.g. while the database was away). */
export class JobLeaseLostError extends Error {
  constructor() {
    super('The job was taken over by another worker.');
    this.name = 'JobLeaseLostError';
  }
}

export class JobStoppedError extends Error {
  constructor() {
    super('The job was stopped because the server is shutting down.');
    this.name = 'JobStoppedError';
  }
}
