import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest, pendingMigrations } from '../db/migrate.ts';

// `npm run migrate`: brings the configured database up to date and exits. Run it once per
// upgrade before rolling instances that start with MIGRATE_ON_START=0 (docs/operations.md).
async function migrate() {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    const pending = await pendingMigrations(database.db, database.dialect);
    if (pending.length === 0) {
      console.log('The database is up to date.');
      return;
    }
    console.log(`Migrating: ${pending.join(', ')}`);
    await migrateToLatest(database.db, database.dialect);
    console.log('Done.');
  } finally {
    await database.destroy();
  }
}

migrate().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
