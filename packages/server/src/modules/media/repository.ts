import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaCollectionRow, MediaFileRow, MediaFilesTable, NewMediaFile } from '../../db/schema.ts';

/** A CASE that maps each id to its position in `ids` (0..n-1): one UPDATE reorders a whole list. */
function weightByPosition(ids: number[]): RawBuilder<number> {
  return sql<number>`CASE id ${sql.join(
    ids.map((id, i) => sql`WHEN ${sql.lit(id)} THEN ${sql.lit(i)}`),
    sql` `,
  )} END`;
}

/** An owner's collections in their order. */
export async function listCollections(db: Db, ownerId: number): Promise<MediaCollectionRow[]> {
  return db.selectFrom('media_collections').selectAll().where('owner_id', '=', ownerId).orderBy('weight').orderBy('id').execute();
}

/** One collection, only if `ownerId` owns it. */
export async function findOwnedCollection(db: Db, id: number, ownerId: number): Promise<MediaCollectionRow | undefined> {
  return db.selectFrom('media_collections').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Adds a collection at the end of the owner's list. */
export async function insertCollection(db: Db, ownerId: number, title: string, now: number): Promise<MediaCollectionRow> {
  return db
    .insertInto('media_collections')
    .values({
      owner_id: ownerId,
      title,
      weight: sql<number>`(SELECT COALESCE(MAX(weight), -1) + 1 FROM media_collections WHERE owner_id = ${ownerId})`,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Renames a collection. */
export async function updateCollectionTitle(db: Db, id: number, title: string, now: number): Promise<void> {
  await db.updateTable('media_collections').set({ title, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes a collection; its file rows go with it (ON DELETE CASCADE). */
export async function deleteCollection(db: Db, id: number): Promise<void> {
  await db.deleteFrom('media_collections').where('id', '=', id).execute();
}

/** Stores weights 0..n-1 for the owner's collections in the order given. */
export async function setCollectionWeights(db: Db, ownerId: number, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('media_collections')
    .set({ weight: weightByPosition(ids), updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** The files of several collections, each collection's in order. */
export async function listFilesOfCollections(db: Db, collectionIds: number[]): Promise<MediaFileRow[]> {
  if (collectionIds.length === 0) return [];
  return db
    .selectFrom('media_files')
    .selectAll()
    .where('collection_id', 'in', collectionIds)
    .orderBy('collection_id')
    .orderBy('weight')
    .orderBy('id')
    .execute();
}

/** One file, only if its collection belongs to `ownerId`. */
export async function findOwnedFile(
  db: Db,
  where: { id: number } | { fileKey: string },
  ownerId: number,
): Promise<MediaFileRow | undefined> {
  let query = db
    .selectFrom('media_files')
    .innerJoin('media_collections', 'media_collections.id', 'media_files.collection_id')
    .selectAll('media_files')
    .where('media_collections.owner_id', '=', ownerId);
  query = 'id' in where ? query.where('media_files.id', '=', where.id) : query.where('media_files.file_key', '=', where.fileKey);
  return query.executeTakeFirst();
}

/** One file by id, whoever owns it (the transcoding job). */
export async function findFileById(db: Db, id: number): Promise<MediaFileRow | undefined> {
  return db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds a file at the end of its collection. */
export async function insertFile(db: Db, values: Omit<NewMediaFile, 'weight'>): Promise<MediaFileRow> {
  return db
    .insertInto('media_files')
    .values({
      ...values,
      weight: sql<number>`(SELECT COALESCE(MAX(weight), -1) + 1 FROM media_files WHERE collection_id = ${values.collection_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies changes to a file; false when the file no longer exists. */
export async function updateFile(
  db: Db,
  id: number,
  changes: Partial<Omit<MediaFilesTable, 'id' | 'collection_id' | 'file_key' | 'created_at'>>,
): Promise<boolean> {
  const result = await db.updateTable('media_files').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a file row. */
export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('media_files').where('id', '=', id).execute();
}

/** The ids of a collection's files. */
export async function fileIdsOf(db: Db, collectionId: number): Promise<number[]> {
  const rows = await db.selectFrom('media_files').select('id').where('collection_id', '=', collectionId).execute();
  return rows.map((r) => r.id);
}

/** Stores weights 0..n-1 for a collection's files in the order given. */
export async function setFileWeights(db: Db, collectionId: number, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('media_files')
    .set({ weight: weightByPosition(ids), updated_at: now })
    .where('collection_id', '=', collectionId)
    .where('id', 'in', ids)
    .execute();
}
