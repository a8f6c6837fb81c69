import type { Db } from '../../db/database.ts';

/** Stores an uploaded score's draft; returns its id. */
export async function insertDraft(
  db: Db,
  values: { owner_id: number; course_id: number; storage_key: string; title: string; created_at: number },
): Promise<number> {
  const row = await db.insertInto('exercise_drafts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A draft, only for the instructor who uploaded it. */
export function findOwnDraft(db: Db, id: number, ownerId: number) {
  return db.selectFrom('exercise_drafts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Removes an instructor's drafts made before a time; returns their storage keys. */
export async function deleteDraftsBefore(db: Db, ownerId: number, before: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('exercise_drafts')
    .where('owner_id', '=', ownerId)
    .where('created_at', '<', before)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}
