import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './seed/demo.ts';

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

  const app = await buildApp(config);
  const seeded = await seedDemoData(app.deps, app.services);
  // Hourly: forget expired sessions and tokens, and mark courses past their end date ENDED (DESIGN §7.5).
  const housekeeping = () =>
    Promise.all([app.services.auth.sweep(), app.services.courses.endPastCourses()]).catch((err: unknown) =>
      app.log.error({ err }, 'housekeeping failed'),
    );
  await housekeeping();
  const sweep = setInterval(() => void housekeeping(), 3600_000);
  sweep.unref();

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      clearInterval(sweep);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // Background jobs (transcoding, …) run in this process; app.close() stops them before the database closes.
  app.deps.jobs.start();
  const url = config.publicUrl;
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
