import { sql } from 'kysely';
import type { Db, DialectName } from '../db/database.ts';
import type { Storage } from './storage.ts';

/**
 * The folders the sweep looks in. A file elsewhere is never touched: a new folder is
 * swept only once it is added here (and its files are referenced as described below).
 */
export const SWEPT_FOLDERS = ['documents', 'library', 'submissions', 'media', 'previews'] as const;

export type SweepResult = { checked: number; removed: string[]; incomplete: number };

/**
 * Every value that may name a stored file: the values of every column whose name ends
 * in `_key` (storage_key, har_key, file_key, doc_key, student_storage_key, …) and of
 * `content_hash` (previews/<hash>.png), in every table. Found from the catalogue, so a
 * column another feature adds later is honoured without a change here.
 */
async function referencedNames(db: Db, dialect: DialectName): Promise<Set<string>> {
  const columns =
    dialect === 'postgres'
      ? await sql<{ table_name: string; column_name: string }>`
          select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and (column_name like '%\\_key' or column_name = 'content_hash')`.execute(db)
      : await sql<{ table_name: string; column_name: string }>`
          select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and (p.name like '%\\_key' escape '\\' or p.name = 'content_hash')`.execute(db);
  const names = new Set<string>();
  for (const { table_name, column_name } of columns.rows) {
    const rows = await sql<{
      value: string | null;
    }>`select distinct ${sql.ref(column_name)} as value from ${sql.table(table_name)}`.execute(db);
    for (const { value } of rows.rows) if (typeof value === 'string' && value) names.add(value);
  }
  return names;
}

/** A file is referenced when a row names it whole, or names one of its path parts (a folder, or a name before its extension). */
export function isReferenced(key: string, names: Set<string>): boolean {
  if (names.has(key)) return true;
  return key
    .split('/')
    .slice(1)
    .some((part) => names.has(part) || names.has(part.split('.')[0] ?? part));
}

/**
 * Removes stored files that no committed row references and that are older than
 * `graceSeconds` (younger ones may belong to an upload whose transaction has not
 * committed yet), and what interrupted writes left behind. Safe to run on several
 * instances, though `main` runs it under a lease on one at a time.
 */
export async function sweepOrphans(
  db: Db,
  dialect: DialectName,
  storage: Storage,
  options: { graceSeconds: number; now: number },
): Promise<SweepResult> {
  const names = await referencedNames(db, dialect);
  const cutoff = options.now - options.graceSeconds;
  const removed: string[] = [];
  let checked = 0;
  for await (const object of storage.list()) {
    const folder = object.key.split('/')[0] as (typeof SWEPT_FOLDERS)[number];
    if (!SWEPT_FOLDERS.includes(folder)) continue;
    checked += 1;
    if (object.modifiedAt > cutoff || isReferenced(object.key, names)) continue;
    removed.push(object.key);
  }
  // Looked up again just before deleting: a row may have committed since the first read.
  const fresh = removed.length > 0 ? await referencedNames(db, dialect) : names;
  const gone = removed.filter((key) => !isReferenced(key, fresh));
  for (const key of gone) await storage.delete(key);
  const incomplete = await storage.removeIncomplete(options.graceSeconds);
  return { checked, removed: gone, incomplete };
}

/**
 * Runs `commit`, the transaction whose rows will reference the already stored `keys`;
 * when it fails the files are removed at once (the sweep would find them only later)
 * and the error goes on.
 */
export async function commitOrRemove<T>(storage: Storage, keys: string[], commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}
