import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestContext } from '../../test/helpers.ts';
import { JobLeaseLostError, type JobQueue, JobStoppedError, JobTimeoutError } from './job-queue.ts';
import { createPgWakeup } from './pg-wakeup.ts';
import { createTableQueue } from './table-queue.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Generous: CI runs many test files at once on two cores.
async function until(condition: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await wait(10);
  }
}

describe.each(dialects)('table job queue (%s)', (dialect) => {
  let t: TestContext;
  const queues: JobQueue[] = [];
  const newQueue = (options: { concurrency?: number; pollIntervalMs?: number; leaseSeconds?: number; heartbeatMs?: number } = {}) => {
    const queue = createTableQueue({
      db: t.app.deps.db,
      dialect,
      clock: t.clock,
      log: t.app.log,
      concurrency: options.concurrency ?? 1,
      pollIntervalMs: options.pollIntervalMs ?? 20,
      leaseSeconds: options.leaseSeconds ?? 10,
      // Tests that want a heartbeat ask for one; otherwise a lease only runs out.
      heartbeatMs: options.heartbeatMs ?? 3_600_000,
    });
    queues.push(queue);
    return queue;
  };
  const jobRows = () => t.app.deps.db.selectFrom('jobs').selectAll().orderBy('id').execute();

  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop({ graceMs: 0 });
    await t.close();
  });

  it('runs a job with its payload and removes it when done', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.register<{ n: number }>(
      'count',
      async (payload, context) => {
        seen.push([payload.n, context.attempt]);
      },
      { timeLimitMs: 1000 },
    );
    await queue.enqueue('count', { n: 7 });
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([[7, 1]]);
    expect(await jobRows()).toEqual([]);
  });

  it('runs a prompt-lane job (mail) while long background work holds every slot', async () => {
    const queue = newQueue({ concurrency: 1 });
    let releaseRender: () => void = () => {};
    const renderHeld = new Promise<void>((resolve) => {
      releaseRender = resolve;
    });
    const ran: string[] = [];
    queue.register(
      'render',
      async () => {
        ran.push('render started');
        await renderHeld;
      },
      { timeLimitMs: 60_000 },
    );
    queue.register(
      'mail',
      async () => {
        ran.push('mail');
      },
      { timeLimitMs: 1000, lane: 'prompt' },
    );
    await queue.enqueue('render', {});
    await queue.enqueue('render', {});
    queue.start();
    await until(() => ran.includes('render started'));
    await queue.enqueue('mail', {});
    await until(() => ran.includes('mail'));
    // The second render still waits for the one background slot.
    expect(ran).toEqual(['render started', 'mail']);
    releaseRender();
    await until(() => ran.length === 3);
  });

  it('waits for run_after, and retries a failing job until it fails for good with its error', async () => {
    const queue = newQueue();
    let calls = 0;
    queue.register(
      'flaky',
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      { timeLimitMs: 1000, maxAttempts: 2, retryDelaySeconds: 60 },
    );
    await queue.enqueue('flaky', {}, { delaySeconds: 5 });
    expect(await queue.drain()).toBe(0);
    t.clock.advance(5);
    expect(await queue.drain()).toBe(1);
    let [row] = await jobRows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1', locked_by: null });
    expect(await queue.drain()).toBe(0);
    t.clock.advance(60);
    expect(await queue.drain()).toBe(1);
    [row] = await jobRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom 2' });
    t.clock.advance(3600);
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(2);
  });

  it('adds several jobs, each with its delay, in one statement', async () => {
    const queue = newQueue();
    const seen: number[] = [];
    queue.register<{ n: number }>('batch', async (payload) => void seen.push(payload.n), { timeLimitMs: 1000, maxAttempts: 3 });
    t.queries.length = 0;
    await queue.enqueueMany('batch', [{ payload: { n: 1 } }, { payload: { n: 2 }, delaySeconds: 5 }, { payload: { n: 3 } }]);
    expect(t.queries.filter((statement) => /^insert into "jobs"/i.test(statement))).toHaveLength(1);
    expect((await jobRows()).map((r) => [JSON.parse(r.payload).n, r.max_attempts])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(await queue.drain()).toBe(2);
    expect(seen).toEqual([1, 3]);
    t.clock.advance(5);
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([1, 3, 2]);
    await queue.enqueueMany('batch', []);
    expect(await jobRows()).toEqual([]);
  });

  it('aborts a job at its time limit and counts it as a failed attempt', async () => {
    const queue = newQueue();
    let reason: unknown;
    queue.register(
      'slow',
      async (_payload, context) => {
        await new Promise<void>((resolve) => {
          context.signal.addEventListener('abort', () => {
            reason = context.signal.reason;
            resolve();
          });
        });
        // Ignores its signal for a while: the queue does not wait for it.
        await wait(2000);
      },
      { timeLimitMs: 150, maxAttempts: 1 },
    );
    await queue.enqueue('slow', {});
    const started = Date.now();
    await queue.drain();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(reason).toBeInstanceOf(JobTimeoutError);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/time limit/);
  });

  it('runs a job again once the lease of a worker that died has run out', async () => {
    // A dead process renews nothing: no heartbeat.
    const crashed = newQueue({ leaseSeconds: 10 });
    let release: () => void = () => {};
    let firstRuns = 0;
    crashed.register(
      'work',
      async () => {
        firstRuns += 1;
        // Never finishes while the test looks: as if the process had died mid-job.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { timeLimitMs: 60_000 },
    );
    await crashed.enqueue('work', { id: 1 });
    void crashed.drain();
    await until(() => firstRuns === 1);
    const [locked] = await jobRows();
    expect(locked).toMatchObject({ status: 'running', attempts: 1, locked_at: t.clock.now(), locked_until: t.clock.now() + 10 });

    const survivor = newQueue();
    const secondRuns: number[] = [];
    survivor.register(
      'work',
      async (_payload, context) => {
        secondRuns.push(context.attempt);
      },
      { timeLimitMs: 60_000 },
    );
    expect(await survivor.drain()).toBe(0);
    t.clock.advance(10);
    expect(await survivor.drain()).toBe(0);
    t.clock.advance(1);
    expect(await survivor.drain()).toBe(1);
    expect(secondRuns).toEqual([2]);
    expect(await jobRows()).toEqual([]);

    // The first worker coming back late changes nothing.
    release();
    await wait(50);
    expect(await jobRows()).toEqual([]);
  });

  it('gives a job to only one of several workers', async () => {
    const runs = new Map<number, number>();
    const workers = [newQueue(), newQueue(), newQueue()];
    for (const worker of workers) {
      worker.register<{ n: number }>(
        'each',
        async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await wait(1);
        },
        { timeLimitMs: 1000 },
      );
    }
    for (let n = 0; n < 30; n++) await workers[0]?.enqueue('each', { n });
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(runs.size).toBe(30);
  });

  it('polls once started, and on stop queues a running job again without using up an attempt', async () => {
    const queue = newQueue({ pollIntervalMs: 20 });
    const done: number[] = [];
    let stoppedWith: unknown;
    queue.register<{ n: number }>(
      'quick',
      async ({ n }) => {
        done.push(n);
      },
      { timeLimitMs: 1000 },
    );
    queue.register(
      'long',
      async (_payload, context) => {
        await new Promise<void>((resolve) => {
          context.signal.addEventListener('abort', () => {
            stoppedWith = context.signal.reason;
            resolve();
          });
        });
        throw context.signal.reason;
      },
      { timeLimitMs: 60_000 },
    );
    queue.start();
    await queue.enqueue('quick', { n: 1 });
    await until(() => done.length === 1);
    await queue.enqueue('long', {});
    await until(async () => (await jobRows())[0]?.status === 'running');
    await queue.stop({ graceMs: 50 });
    expect(stoppedWith).toBeInstanceOf(JobStoppedError);
    const [row] = await jobRows();
    expect(row).toMatchObject({ name: 'long', status: 'queued', attempts: 0, locked_by: null });
  });

  it('makes a job part of a transaction', async () => {
    const queue = newQueue();
    queue.register('tx', async () => {}, { timeLimitMs: 1000 });
    await t.app.deps.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue('tx', {}, { db: trx });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await jobRows()).toEqual([]);
  });

  it('renews the lease while the handler runs, so a live worker keeps its job', async () => {
    const live = newQueue({ leaseSeconds: 10, heartbeatMs: 20 });
    let release: () => void = () => {};
    live.register(
      'slow',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      { timeLimitMs: 600_000 },
    );
    await live.enqueue('slow', {});
    const running = live.drain();
    await until(async () => (await jobRows())[0]?.status === 'running');
    const other = newQueue();
    other.register('slow', async () => {}, { timeLimitMs: 600_000 });
    for (let i = 0; i < 3; i++) {
      // Longer than the lease, yet the heartbeat has moved it on each time.
      t.clock.advance(11);
      const before = t.clock.now();
      await until(async () => ((await jobRows())[0]?.locked_until ?? 0) > before);
      expect(await other.drain()).toBe(0);
    }
    release();
    expect(await running).toBe(1);
    expect(await jobRows()).toEqual([]);
  });

  it('stops a run whose lease another worker has taken over, and leaves the row to that worker', async () => {
    const slow = newQueue({ leaseSeconds: 10, heartbeatMs: 20 });
    let reason: unknown;
    slow.register(
      'work',
      (_payload, context) =>
        new Promise<void>((_resolve, reject) => {
          context.signal.addEventListener('abort', () => {
            reason = context.signal.reason;
            reject(context.signal.reason);
          });
        }),
      { timeLimitMs: 600_000 },
    );
    await slow.enqueue('work', {});
    const first = slow.drain();
    await until(async () => (await jobRows())[0]?.status === 'running');
    // As if the database had been away longer than the lease and another worker claimed the job.
    await t.app.deps.db.updateTable('jobs').set({ locked_by: 'another-worker', attempts: 2 }).execute();
    await first;
    expect(reason).toBeInstanceOf(JobLeaseLostError);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'running', locked_by: 'another-worker', attempts: 2 });
  });

  it('runs nothing with a concurrency of 0 (web-only), yet enqueues', async () => {
    const web = newQueue({ concurrency: 0 });
    let ran = 0;
    web.register(
      'noop',
      async () => {
        ran += 1;
      },
      { timeLimitMs: 1000 },
    );
    web.start();
    await web.enqueue('noop', {});
    await wait(100);
    expect(ran).toBe(0);
    expect(await jobRows()).toHaveLength(1);
    expect(await web.depth()).toEqual([{ name: 'noop', status: 'queued', count: 1, oldestAgeSeconds: 0 }]);
  });

  it.runIf(dialect === 'postgres')(
    'wakes an idle worker of another instance on commit (LISTEN/NOTIFY), long before its next poll',
    async () => {
      const wakeup = () =>
        createPgWakeup({ connectionString: t.config.databaseUrl ?? '', schema: t.config.databaseSchema, log: t.app.log });
      const make = (concurrency: number) => {
        const queue = createTableQueue({
          db: t.app.deps.db,
          dialect,
          clock: t.clock,
          log: t.app.log,
          concurrency,
          pollIntervalMs: 600_000,
          wakeup: wakeup(),
        });
        queues.push(queue);
        return queue;
      };
      const web = make(0);
      const worker = make(1);
      const ran: number[] = [];
      for (const queue of [web, worker]) {
        queue.register<{ n: number }>(
          'wake',
          async (payload) => {
            ran.push(payload.n);
          },
          { timeLimitMs: 1000 },
        );
      }
      web.start();
      worker.start();
      // The worker's first poll (at start) found nothing; its next would be in ten minutes.
      await wait(500);
      await t.app.deps.db.transaction().execute(async (trx) => {
        await web.enqueue('wake', { n: 1 }, { db: trx });
        await wait(200);
        // Not before the commit.
        expect(ran).toEqual([]);
      });
      await until(() => ran.length === 1, 10_000);
      expect(ran).toEqual([1]);
    },
  );
});
