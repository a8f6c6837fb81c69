import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Runs every migration once per test run, into a template for each engine, so that a test app
 * starts from a copy of a migrated database instead of migrating its own (helpers.ts,
 * `createTestApp`): on SQLite a file copied per test, on PostgreSQL a database that
 * `CREATE DATABASE … TEMPLATE` copies per test. The templates are made by the same migrations
 * `buildApp` runs, at every run, so they are never stale; the app still runs `migrateToLatest`
 * at start, which finds nothing to do. Should PostgreSQL refuse to create databases (a role
 * without CREATEDB), no template is provided and each test migrates a schema of its own as before.
 */

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated SQLite file to copy (never to open). */
    sqliteTemplate: string;
    /** The name of a migrated PostgreSQL database (schema `app`) on TEST_DATABASE_URL's server, or '' for none. */
    postgresTemplate: string;
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

/** The schema the PostgreSQL template's tables live in (each test's copy has the same). */
export const TEMPLATE_SCHEMA = 'app';

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

  const url = process.env.TEST_DATABASE_URL;
  let template = '';
  if (url) template = await postgresTemplate(url).catch(() => '');
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) await withClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}

async function postgresTemplate(url: string): Promise<string> {
  const name = `hd_template_${randomUUID().replaceAll('-', '')}`;
  await withClient(url, (c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const templateUrl = databaseUrl(url, name);
    await withClient(templateUrl, (c) => c.query(`CREATE SCHEMA ${TEMPLATE_SCHEMA}`));
    const database = openDatabase({ databaseUrl: templateUrl, databaseSchema: TEMPLATE_SCHEMA, dataDir: os.tmpdir() });
    try {
      await migrateToLatest(database.db, 'postgres', TEMPLATE_SCHEMA);
    } finally {
      await database.destroy();
    }
  } catch (error) {
    await withClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    throw error;
  }
  return name;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
