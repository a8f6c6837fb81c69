import { randomUUID } from 'node:crypto';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { sweepIdempotencyKeys } from './http/idempotency.ts';
import { withLease } from './jobs/leases.ts';
import { cleanLeftovers } from './jobs/leftovers.ts';
import { seedDemoData } from './seed/demo.ts';
import { sweepOrphans } from './storage/orphans.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = performance.now();
  const app = await buildApp(config);
  const { deps } = app;
  const instance = randomUUID();
  // What a process that died here left: temporary folders, ffmpeg still running in them, *.part files.
  await cleanLeftovers(app.log);
  await deps.storage
    .removeIncomplete(60)
    .then((removed) => removed > 0 && app.log.info({ removed }, 'removed unfinished uploads'))
    .catch((err: unknown) => app.log.warn({ err }, 'could not look for unfinished uploads'));
  // Under a lease: instances starting together on a new database make the demo data once.
  const seeded =
    config.role === 'worker'
      ? { accounts: [] }
      : ((await withLease(deps.db, deps.clock, 'demo-data', { seconds: 600, holder: instance, wait: true }, () =>
          seedDemoData(deps, app.services),
        )) ?? { accounts: [] });
  // Every SWEEP_INTERVAL_SECONDS: forget expired sessions, tokens, LTI login states and idempotency answers, mark courses
  // past their end date ENDED (DESIGN §7.5), and (one instance at a time) remove files no row references.
  const runsJobs = config.role === 'worker' || config.jobs.concurrency > 0;
  const housekeeping = () =>
    Promise.all([
      app.services.auth.sweep(),
      app.services.lti.sweep(),
      app.services.courses.endPastCourses(),
      sweepIdempotencyKeys(deps.db, deps.clock.now()),
      // Background work: on instances that run jobs (a web-only instance leaves it to the workers).
      runsJobs &&
        // The lease outlives a sweep; if its holder dies, another instance sweeps once it runs out.
        withLease(
          deps.db,
          deps.clock,
          'orphan-sweep',
          { seconds: Math.max(60, 2 * config.sweepIntervalSeconds), holder: instance, wait: false },
          async () => {
            const result = await sweepOrphans(deps.db, deps.dialect, deps.storage, {
              graceSeconds: config.orphanGraceSeconds,
              now: deps.clock.now(),
            });
            if (result.removed.length > 0 || result.incomplete > 0) {
              app.log.info(
                { removed: result.removed.length, incomplete: result.incomplete, checked: result.checked },
                'orphan files removed',
              );
            }
          },
        ),
    ]).catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
  const sweep = setInterval(() => void housekeeping(), config.sweepIntervalSeconds * 1000);
  sweep.unref();
  void housekeeping();

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // Readiness turns red at once so the load balancer stops sending; the server stops accepting
      // connections, in-flight requests and uploads get SHUTDOWN_GRACE_SECONDS, running jobs as long,
      // then are handed back to the queue (app.close → jobs.stop).
      app.operations.readiness.startDraining();
      app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
      clearInterval(sweep);
      // On SIGTERM (a load balancer's or orchestrator's stop) keep serving for SHUTDOWN_DRAIN_SECONDS while
      // readiness is red; Ctrl-C stops at once.
      const drainMs = signal === 'SIGTERM' ? Math.min(config.shutdownDrainSeconds, config.shutdownGraceSeconds) * 1000 : 0;
      const force = setTimeout(
        () => {
          app.log.warn('shutdown grace ran out; exiting');
          process.exit(1);
        },
        drainMs + (config.shutdownGraceSeconds + 5) * 1000,
      );
      force.unref();
      const drained = new Promise((resolve) => setTimeout(resolve, drainMs));
      drained
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // Background jobs (transcoding, …) run in this process unless JOBS_CONCURRENCY=0; app.close() stops them first.
  app.deps.jobs.start();
  app.log.info(
    {
      role: config.role,
      jobsConcurrency: config.role === 'worker' ? Math.max(1, config.jobs.concurrency) : config.jobs.concurrency,
      startMs: Math.round(performance.now() - started),
      // Since the process began (module loading included), and the CPU time that took: the latter
      // does not grow when the machine is busy with other work.
      sinceProcessStartMs: Math.round(process.uptime() * 1000),
      cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    },
    'ready',
  );
  // The CPU pool's thread that stays starts now with Verovio loaded, not at the first upload (decision 048).
  app.deps.cpu.warm().catch((err: unknown) => app.log.warn({ err }, 'the CPU pool could not warm up'));
  const url = config.publicUrl;
  if (config.role === 'worker') return;
  const lines = [
    '',
    `  Harmony Dashboard is running at ${url}`,
    `  API documentation: ${url}/api/docs`,
    `  Database: ${app.deps.dialect === 'sqlite' ? `SQLite (${config.dataDir}/app.db)` : 'PostgreSQL'}`,
  ];
  if (seeded.accounts.length > 0) {
    lines.push('  Demo accounts (password DemoPass123):');
    for (const account of seeded.accounts) lines.push(`    ${account.email.padEnd(26)} ${account.role}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
