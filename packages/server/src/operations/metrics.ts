import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobOutcome, JobQueue } from '../jobs/job-queue.ts';

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The Prometheus figures of one app (a registry of its own, so tests can build many):
 * request latency by route and status, job queue depth and age by job name, job
 * durations and outcomes, and the database pool's use.
 */
export function createMetrics(options: { jobs: () => JobQueue; pool: pg.Pool | undefined; processMetrics: boolean }) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time one run of a job took, by job name and outcome (done, retry, failed, stopped, lost).',
    labelNames: ['name', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Job runs that failed (retried later or failed for good), by job name.',
    labelNames: ['name', 'final'] as const,
    registers: [registry],
  });
  const queued = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs in the table by name and status (queued, running, failed).',
    labelNames: ['name', 'status'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'Age of the oldest due job waiting to run, by name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  // Read at scrape time: one GROUP BY over the jobs table.
  new Gauge({
    name: 'job_queue_scrape_ok',
    help: '1 when the queue figures could be read at this scrape.',
    registers: [registry],
    async collect() {
      try {
        const rows = await options.jobs().depth();
        queued.reset();
        oldest.reset();
        for (const row of rows) {
          queued.set({ name: row.name, status: row.status }, row.count);
          if (row.status === 'queued') oldest.set({ name: row.name }, row.oldestAgeSeconds);
        }
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });
  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests) and its maximum.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max);
      },
    });
  }

  return {
    registry,
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requestSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeJob(name: string, outcome: JobOutcome, seconds: number) {
      jobSeconds.observe({ name, outcome }, seconds);
      if (outcome === 'retry' || outcome === 'failed') jobFailures.inc({ name, final: outcome === 'failed' ? 'yes' : 'no' });
    },
  };
}
