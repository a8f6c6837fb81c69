import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AssignmentSetRow, DocumentRow, DocumentUpdate, NewAssignmentSet, NewDocument } from '../../db/schema.ts';

/** A course's sets in order; students get only those released (not drafts) by `releasedBy`. */
export function listSets(db: Db, courseId: number, releasedBy?: number): Promise<AssignmentSetRow[]> {
  let query = db.selectFrom('assignment_sets').selectAll().where('course_id', '=', courseId);
  if (releasedBy !== undefined) query = query.where('released_at', '<=', releasedBy).where('draft', '=', 0);
  return query.orderBy('weight').orderBy('id').execute();
}

/** One set. */
export function findSet(db: Db, id: number): Promise<AssignmentSetRow | undefined> {
  return db.selectFrom('assignment_sets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a set at the end of its course's list; returns its id. */
export async function insertSet(
  db: Db,
  values: {
    courseId: number;
    title: string;
    releasedAt: number;
    dueAt: number;
    setKey: string;
    showAfterDue: boolean;
    draft: boolean;
    now: number;
  },
): Promise<number> {
  const last = await db
    .selectFrom('assignment_sets')
    .select((eb) => eb.fn.max('weight').as('max'))
    .where('course_id', '=', values.courseId)
    .executeTakeFirst();
  const weight = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const row = await db
    .insertInto('assignment_sets')
    .values({
      course_id: values.courseId,
      title: values.title,
      released_at: values.releasedAt,
      due_at: values.dueAt,
      set_key: values.setKey,
      show_after_due: values.showAfterDue ? 1 : 0,
      draft: values.draft ? 1 : 0,
      weight,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many sets a course has. */
export async function countSets(db: Db, courseId: number): Promise<number> {
  const row = await db
    .selectFrom('assignment_sets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inserts copied sets with their documents into a course (a duplicate, issue 19): one statement for
 * the sets and one per 200 documents, whatever the count. Set keys must be new; weights are kept.
 */
export async function insertSetCopies(
  db: Db,
  courseId: number,
  copies: { set: Omit<NewAssignmentSet, 'course_id'>; documents: Omit<NewDocument, 'assignment_set_id'>[] }[],
): Promise<void> {
  if (copies.length === 0) return;
  const rows = await db
    .insertInto('assignment_sets')
    .values(copies.map((c) => ({ ...c.set, course_id: courseId })))
    .returning(['id', 'set_key'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.set_key, r.id]));
  const documents = copies.flatMap((c) => c.documents.map((d) => ({ ...d, assignment_set_id: idOf.get(c.set.set_key) ?? 0 })));
  for (let i = 0; i < documents.length; i += 200)
    await db
      .insertInto('documents')
      .values(documents.slice(i, i + 200))
      .execute();
}

/** Applies changes to a set. */
export async function updateSet(db: Db, id: number, changes: Partial<Omit<AssignmentSetRow, 'id'>>): Promise<void> {
  await db.updateTable('assignment_sets').set(changes).where('id', '=', id).execute();
}

/** Deletes a set with its documents and extensions. */
export async function deleteSet(db: Db, id: number): Promise<void> {
  await db.deleteFrom('assignment_sets').where('id', '=', id).execute();
}

/** Writes the order of rows in one statement: the n-th id gets weight n. Ids are validated integers. */
export async function writeOrder(db: Db, table: 'assignment_sets' | 'documents', orderedIds: number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const cases = orderedIds.map((id, index) => sql`when id = ${sql.lit(id)} then ${sql.lit(index)}`);
  await db
    .updateTable(table)
    .set({ weight: sql<number>`case ${sql.join(cases, sql` `)} else weight end` })
    .where('id', 'in', orderedIds)
    .execute();
}

/** The documents of many sets at once, in order. */
export async function listDocumentsOfSets(db: Db, setIds: number[]): Promise<DocumentRow[]> {
  if (setIds.length === 0) return [];
  return db.selectFrom('documents').selectAll().where('assignment_set_id', 'in', setIds).orderBy('weight').orderBy('id').execute();
}

/** One document with the course its set belongs to. */
export function findDocument(db: Db, id: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .selectAll('d')
    .select(['s.course_id', 's.released_at', 's.draft', 's.due_at', 's.show_after_due'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Inserts documents at the end of a set, in the given order; returns their ids. */
export async function insertDocuments(
  db: Db,
  setId: number,
  documents: Omit<NewDocument, 'assignment_set_id' | 'weight'>[],
): Promise<number[]> {
  if (documents.length === 0) return [];
  const last = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.max('weight').as('max'))
    .where('assignment_set_id', '=', setId)
    .executeTakeFirst();
  const start = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const rows = await db
    .insertInto('documents')
    .values(documents.map((d, i) => ({ ...d, assignment_set_id: setId, weight: start + i })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Applies changes to a document. */
export async function updateDocument(db: Db, id: number, changes: DocumentUpdate): Promise<void> {
  await db.updateTable('documents').set(changes).where('id', '=', id).execute();
}

/** Deletes a document. */
export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

/** The ids of a set's documents. */
export async function documentIdsOfSet(db: Db, setId: number): Promise<number[]> {
  const rows = await db.selectFrom('documents').select('id').where('assignment_set_id', '=', setId).execute();
  return rows.map((r) => r.id);
}

/** Storage keys of every document of a set and of their student copies (to delete their files). */
export async function storageKeysOfSet(db: Db, setId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['storage_key', 'student_storage_key'])
    .where('assignment_set_id', '=', setId)
    .execute();
  return rows.flatMap((r) => [r.storage_key, r.student_storage_key].filter((k): k is string => k !== null));
}

/** A set's extensions with the students' names. */
export function listExtensions(db: Db, setId: number) {
  return db
    .selectFrom('due_date_extensions as e')
    .innerJoin('users as u', 'u.id', 'e.student_id')
    .select(['e.student_id as student', 'u.first_name', 'u.last_name', 'e.extension_due_at'])
    .where('e.assignment_set_id', '=', setId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/** One student's extensions over many sets. */
export async function extensionsOfStudent(db: Db, studentId: number, setIds: number[]) {
  if (setIds.length === 0) return [];
  return db
    .selectFrom('due_date_extensions')
    .select(['assignment_set_id', 'extension_due_at'])
    .where('student_id', '=', studentId)
    .where('assignment_set_id', 'in', setIds)
    .execute();
}

/** Grants or moves an extension. */
export async function upsertExtension(db: Db, setId: number, studentId: number, dueAt: number, now: number): Promise<void> {
  await db
    .insertInto('due_date_extensions')
    .values({ assignment_set_id: setId, student_id: studentId, extension_due_at: dueAt, created_at: now })
    .onConflict((oc) => oc.columns(['assignment_set_id', 'student_id']).doUpdateSet({ extension_due_at: dueAt }))
    .execute();
}

/** Removes an extension; returns whether there was one. */
export async function deleteExtension(db: Db, setId: number, studentId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('due_date_extensions')
    .where('assignment_set_id', '=', setId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Remembers the first time a student opened or took a document (timed documents count from it). */
export async function recordFirstDownload(db: Db, documentId: number, studentId: number, now: number): Promise<void> {
  await db
    .insertInto('document_downloads')
    .values({ document_id: documentId, student_id: studentId, first_downloaded_at: now })
    .onConflict((oc) => oc.columns(['document_id', 'student_id']).doNothing())
    .execute();
}

/** When a student first opened or took a document, if ever. */
export async function firstDownload(db: Db, documentId: number, studentId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('document_downloads')
    .select('first_downloaded_at')
    .where('document_id', '=', documentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row?.first_downloaded_at;
}
