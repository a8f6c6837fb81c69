import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Runs every migration once per test run into a SQLite template, so that a test app starts from a
 * copy of a migrated database instead of migrating its own (helpers.ts, `createTestApp`). The
 * template is made by the same migrations `buildApp` runs, at every run, so it is never stale; the
 * app still runs `migrateToLatest` at start, which finds nothing to do.
 *
 * PostgreSQL keeps a schema per test, migrated: a database copied per test by `CREATE DATABASE …
 * TEMPLATE` took 50–110 ms alone but 1–2 s once two test processes created and dropped databases
 * at once (the cluster counted hundreds of requested checkpoints), slower than migrating a schema
 * (0.4–1.1 s) at the same time.
 */

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated SQLite file to copy (never to open). */
    sqliteTemplate: string;
  }
}

/**
 * Where test apps keep their data: the RAM disk when the system has one with room, so that SQLite's
 * commits (synchronous FULL, decision 044) cost no flush to disk; the system's temporary folder otherwise.
 */
export const TEST_DATA_BASE = (() => {
  try {
    const shm = fs.statfsSync('/dev/shm');
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    if (shm.bavail * shm.bsize >= 1024 ** 3) return '/dev/shm';
  } catch {
    // no RAM disk
  }
  return os.tmpdir();
})();

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(TEST_DATA_BASE, 'hd-test-template-'));
  const sqliteFile = path.join(dir, 'app.db');
  const sqlite = openDatabase({ databaseUrl: undefined, dataDir: dir });
  await migrateToLatest(sqlite.db, 'sqlite');
  await sqlite.destroy();
  // Closing the last connection checkpoints the WAL into the file; make sure nothing is left beside it.
  const check = new SQLite(sqliteFile);
  check.pragma('wal_checkpoint(TRUNCATE)');
  check.close();
  project.provide('sqliteTemplate', sqliteFile);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
