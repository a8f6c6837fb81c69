import { sql } from 'kysely';
import type { Db, DialectName } from '../db/database.ts';
import type { Storage } from './storage.ts';

/**
 * The folders the sweep looks in. A file elsewhere is never touched: a new folder is
 * swept only once it is added here (and its files are referenced as described below).
 */
export const SWEPT_FOLDERS = ['documents', 'library', 'submissions', 'media', 'previews', 'renders'] as const;

export type SweepResult = { checked: number; removed: string[]; incomplete: number };

/** Rows read per statement while collecting names: memory stays flat however large a table grows. */
const BATCH = 10_000;

/**
 * cyrb53 (public domain): a fast 53-bit string hash. Two different names share one only by
 * chance (about 1 in 10^11 for a pair); the sweep then keeps an orphan, never removes a file in use.
 */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The names rows reference, kept as sorted 53-bit hashes: 8 bytes a name instead of a string in a
 * Set (a million submissions name about two million files: ~16 MB instead of ~250 MB held for the
 * whole sweep, issue 15). Answers "maybe referenced" on a hash match, which only ever keeps a file.
 */
export class NameSet {
  private hashes = new Float64Array(1024);
  private size = 0;
  private sorted = true;

  add(name: string) {
    if (this.size === this.hashes.length) {
      const grown = new Float64Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.size++] = hash53(name);
    this.sorted = false;
  }

  has(name: string): boolean {
    if (!this.sorted) {
      this.hashes = this.hashes.slice(0, this.size).sort();
      this.sorted = true;
    }
    const wanted = hash53(name);
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.hashes[middle] as number;
      if (value === wanted) return true;
      if (value < wanted) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/**
 * Every value that may name a stored file: the values of every column whose name ends
 * in `_key` (storage_key, har_key, file_key, doc_key, student_storage_key, …) and of
 * `content_hash` (previews/<hash>.png), in every table. Found from the catalogue, so a
 * column another feature adds later is honoured without a change here. Tables with an
 * `id` are read in batches along it.
 */
async function referencedNames(db: Db, dialect: DialectName): Promise<NameSet> {
  const columns =
    dialect === 'postgres'
      ? await sql<{ table_name: string; column_name: string; has_id: boolean | number }>`
          select c.table_name, c.column_name, exists (
            select 1 from information_schema.columns i
            where i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
          ) as has_id
          from information_schema.columns c
          where c.table_schema = current_schema() and (c.column_name like '%\\_key' or c.column_name = 'content_hash')`.execute(db)
      : await sql<{ table_name: string; column_name: string; has_id: boolean | number }>`
          select m.name as table_name, p.name as column_name,
            exists (select 1 from pragma_table_info(m.name) i where i.name = 'id') as has_id
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and (p.name like '%\\_key' escape '\\' or p.name = 'content_hash')`.execute(db);
  const names = new NameSet();
  for (const { table_name, column_name, has_id } of columns.rows) {
    const column = sql.ref(column_name);
    const table = sql.table(table_name);
    if (!has_id) {
      const rows = await sql<{ value: string | null }>`select distinct ${column} as value from ${table}`.execute(db);
      for (const { value } of rows.rows) if (typeof value === 'string' && value) names.add(value);
      continue;
    }
    for (let after = 0; ; ) {
      const rows = await sql<{ id: number; value: string | null }>`
        select id, ${column} as value from ${table} where id > ${after} and ${column} is not null
        order by id limit ${BATCH}`.execute(db);
      for (const { value } of rows.rows) if (typeof value === 'string' && value) names.add(value);
      const last = rows.rows.at(-1);
      if (!last || rows.rows.length < BATCH) break;
      after = Number(last.id);
    }
  }
  return names;
}

/** A file is referenced when a row names it whole, or names one of its path parts (a folder, or a name before its extension). */
export function isReferenced(key: string, names: Pick<NameSet, 'has'>): boolean {
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
