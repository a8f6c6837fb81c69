import type { Db } from '../../db/database.ts';

/** Every library set a viewer sees, in order: the shared ones, then their own section. */
export function listSets(db: Db, viewerId: number) {
  return db
    .selectFrom('library_sets')
    .select(['id', 'set_key', 'title', 'owner_id'])
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', viewerId)]))
    .orderBy((eb) => eb.case().when('owner_id', 'is', null).then(0).else(1).end())
    .orderBy('weight')
    .orderBy('id')
    .execute();
}

/** The documents of the sets a viewer sees, in order (the library is small: a few hundred documents). */
export function listAllDocuments(db: Db, viewerId: number) {
  return db
    .selectFrom('library_documents')
    .innerJoin('library_sets', 'library_sets.id', 'library_documents.library_set_id')
    .select([
      'library_documents.id',
      'library_documents.library_set_id',
      'library_documents.doc_key',
      'library_documents.title',
      'library_documents.preview_status',
    ])
    .where((eb) => eb.or([eb('library_sets.owner_id', 'is', null), eb('library_sets.owner_id', '=', viewerId)]))
    .orderBy('library_documents.library_set_id')
    .orderBy('library_documents.weight')
    .orderBy('library_documents.id')
    .execute();
}

/** Library documents by id, only those a viewer sees (the shared library and their own section). */
export async function findDocuments(db: Db, ids: number[], viewerId: number) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('library_documents')
    .innerJoin('library_sets', 'library_sets.id', 'library_documents.library_set_id')
    .selectAll('library_documents')
    .where('library_documents.id', 'in', ids)
    .where((eb) => eb.or([eb('library_sets.owner_id', 'is', null), eb('library_sets.owner_id', '=', viewerId)]))
    .execute();
}

/** One library document, if the viewer sees it. */
export async function findDocument(db: Db, id: number, viewerId: number) {
  return (await findDocuments(db, [id], viewerId))[0];
}

/** The id of an instructor's own library section, made when missing. */
export async function ensureOwnSet(db: Db, ownerId: number, title: string, setKey: string, now: number): Promise<number> {
  const existing = await db.selectFrom('library_sets').select('id').where('owner_id', '=', ownerId).orderBy('id').executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('library_sets')
    .values({ set_key: setKey, title, weight: 0, created_at: now, owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of a library set by title, made when missing. */
export async function ensureSet(db: Db, title: string, setKey: string, now: number): Promise<number> {
  const existing = await db
    .selectFrom('library_sets')
    .select('id')
    .where('title', '=', title)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (existing) return existing.id;
  const last = await db
    .selectFrom('library_sets')
    .select((eb) => eb.fn.max('weight').as('max'))
    .where('owner_id', 'is', null)
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
