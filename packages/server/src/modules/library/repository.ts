import type { Db } from '../../db/database.ts';

/** Every library set in order. */
export function listSets(db: Db) {
  return db.selectFrom('library_sets').select(['id', 'set_key', 'title']).orderBy('weight').orderBy('id').execute();
}

/** Every library document in order (the library is small: a few hundred documents). */
export function listAllDocuments(db: Db) {
  return db
    .selectFrom('library_documents')
    .select(['id', 'library_set_id', 'doc_key', 'title', 'preview_status'])
    .orderBy('library_set_id')
    .orderBy('weight')
    .orderBy('id')
    .execute();
}

/** Library documents by id. */
export async function findDocuments(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('library_documents').selectAll().where('id', 'in', ids).execute();
}

/** One library document. */
export function findDocument(db: Db, id: number) {
  return db.selectFrom('library_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of a library set by title, made when missing. */
export async function ensureSet(db: Db, title: string, setKey: string, now: number): Promise<number> {
  const existing = await db.selectFrom('library_sets').select('id').where('title', '=', title).executeTakeFirst();
  if (existing) return existing.id;
  const last = await db
    .selectFrom('library_sets')
    .select((eb) => eb.fn.max('weight').as('max'))
    .executeTakeFirst();
  const weight = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const row = await db
    .insertInto('library_sets')
    .values({ set_key: setKey, title, weight, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Titles already in a library set. */
export async function titlesInSet(db: Db, setId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('library_documents').select('title').where('library_set_id', '=', setId).execute();
  return new Set(rows.map((r) => r.title));
}

/** Adds a document at the end of a library set. */
export async function insertDocument(
  db: Db,
  values: {
    setId: number;
    title: string;
    docKey: string;
    storageKey: string;
    contentHash: string;
    size: number;
    previewReady: boolean;
    now: number;
  },
): Promise<number> {
  const last = await db
    .selectFrom('library_documents')
    .select((eb) => eb.fn.max('weight').as('max'))
    .where('library_set_id', '=', values.setId)
    .executeTakeFirst();
  const weight = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const row = await db
    .insertInto('library_documents')
    .values({
      library_set_id: values.setId,
      title: values.title,
      weight,
      doc_key: values.docKey,
      storage_key: values.storageKey,
      content_hash: values.contentHash,
      size: values.size,
      preview_status: values.previewReady ? 'READY' : 'PENDING',
      preview_error: null,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
