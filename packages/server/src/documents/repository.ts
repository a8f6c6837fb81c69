import type { Db } from '../db/database.ts';

// The SQL of stored .har files that is not one module's: student copies and previews
// (documents/har-files.ts). A module's own queries stay in its repository.ts.

/** Documents stored before student copies existed. */
export function documentsWithoutStudentCopy(db: Db) {
  return db
    .selectFrom('documents')
    .select(['id', 'doc_key', 'storage_key', 'student_storage_key'])
    .where('student_storage_key', 'is', null)
    .orderBy('id')
    .execute();
}

/** Documents that have a student copy, for the job that makes copies again without analysis text (issue 26). */
export function documentsWithStudentCopy(db: Db) {
  return db
    .selectFrom('documents')
    .select(['id', 'doc_key', 'storage_key', 'student_storage_key', 'content_hash'])
    .where('student_storage_key', 'is not', null)
    .orderBy('id')
    .execute() as Promise<{ id: number; doc_key: string; storage_key: string; student_storage_key: string; content_hash: string }[]>;
}

/** Points a document at a new student copy unless its copy changed meanwhile; true when it did. */
export async function replaceStudentStorageKey(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const updated = await db
    .updateTable('documents')
    .set({ student_storage_key: to })
    .where('id', '=', id)
    .where('student_storage_key', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Where a document's student copy is now (null: no copy, or no document). */
export async function studentStorageKeyOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('documents').select('student_storage_key').where('id', '=', id).executeTakeFirst();
  return row?.student_storage_key ?? null;
}

/** Records where a document's student copy is. */
export async function setStudentStorageKey(db: Db, id: number, key: string): Promise<void> {
  await db.updateTable('documents').set({ student_storage_key: key }).where('id', '=', id).execute();
}

/** Marks the preview of every course and library document with this content as ready or failed. */
export async function setPreviewStatus(
  db: Db,
  contentHash: string,
  status: 'READY' | 'FAILED' | 'PENDING',
  error: string | null,
): Promise<void> {
  await db.updateTable('documents').set({ preview_status: status, preview_error: error }).where('content_hash', '=', contentHash).execute();
  await db
    .updateTable('library_documents')
    .set({ preview_status: status, preview_error: error })
    .where('content_hash', '=', contentHash)
    .execute();
}
