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

/** Records where a document's student copy is. */
export async function setStudentStorageKey(db: Db, id: number, key: string): Promise<void> {
  await db.updateTable('documents').set({ student_storage_key: key }).where('id', '=', id).execute();
}

/** Marks the preview of every course and library document with this content as ready or failed. */
export async function setPreviewStatus(db: Db, contentHash: string, status: 'READY' | 'FAILED', error: string | null): Promise<void> {
  await db.updateTable('documents').set({ preview_status: status, preview_error: error }).where('content_hash', '=', contentHash).execute();
  await db
    .updateTable('library_documents')
    .set({ preview_status: status, preview_error: error })
    .where('content_hash', '=', contentHash)
    .execute();
}
