import type { RegradeStatus } from '@app/contract/answer-keys';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GradeChangesTable } from '../../db/schema.ts';

/** A document's current key version and files, with its course's chord-label settings. */
export function findDocumentForKey(db: Db, documentId: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('assignment_sets as s', 's.id', 'd.assignment_set_id')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['d.id', 'd.doc_key', 'd.storage_key', 'd.student_storage_key', 'd.size', 'd.key_version', 'd.created_at'])
    .select(['c.cadential_64', 'c.neapolitan_6'])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
}

/**
 * Points the document at a new version's files, only if it is still at `fromVersion`;
 * records the replaced version (once) and the new one. False when another edit came first.
 */
export async function writeKeyVersion(
  db: Db,
  doc: { id: number; storage_key: string; student_storage_key: string | null; size: number; created_at: number },
  fromVersion: number,
  next: {
    storageKey: string;
    studentStorageKey: string;
    size: number;
    by: number;
    now: number;
    /** A version with another score (a part-writing exercise in another key): its hash, and whether its preview is drawn. */
    score?: { contentHash: string; previewReady: boolean };
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('documents')
    .set({
      storage_key: next.storageKey,
      student_storage_key: next.studentStorageKey,
      size: next.size,
      key_version: fromVersion + 1,
      updated_at: next.now,
      ...(next.score
        ? { content_hash: next.score.contentHash, preview_status: next.score.previewReady ? 'READY' : 'PENDING', preview_error: null }
        : {}),
    })
    .where('id', '=', doc.id)
    .where('key_version', '=', fromVersion)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const known = await db
    .selectFrom('document_versions')
    .select('id')
    .where('document_id', '=', doc.id)
    .where('version', '=', fromVersion)
    .executeTakeFirst();
  if (!known) {
    await db
      .insertInto('document_versions')
      .values({
        document_id: doc.id,
        version: fromVersion,
        storage_key: doc.storage_key,
        student_storage_key: doc.student_storage_key,
        size: doc.size,
        created_by: null,
        created_at: doc.created_at,
      })
      .execute();
  }
  await db
    .insertInto('document_versions')
    .values({
      document_id: doc.id,
      version: fromVersion + 1,
      storage_key: next.storageKey,
      student_storage_key: next.studentStorageKey,
      size: next.size,
      created_by: next.by,
      created_at: next.now,
    })
    .execute();
  return true;
}

/** How many submissions a document has, and how many an older key graded. */
export async function countSubmissions(db: Db, documentId: number, version: number) {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(sql<number>`case when key_version <> ${version} then 1 else 0 end`).as('outdated'),
    ])
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), outdated: Number(row.outdated ?? 0) };
}

const regradeColumns = [
  'r.id',
  'r.document_id',
  'r.key_version',
  'r.status',
  'r.total',
  'r.done',
  'r.changed',
  'r.error',
  'r.requested_at',
  'r.finished_at',
  'r.requested_by',
] as const;

/** A document's latest regrade, with the name of who asked for it. */
export function latestRegrade(db: Db, documentId: number) {
  return db
    .selectFrom('document_regrades as r')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(regradeColumns)
    .select(['u.first_name', 'u.last_name'])
    .where('r.document_id', '=', documentId)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export type RegradeRow = NonNullable<Awaited<ReturnType<typeof latestRegrade>>>;

/** One regrade by id (the job's payload). */
export function findRegrade(db: Db, id: number) {
  return db.selectFrom('document_regrades as r').select(regradeColumns).where('r.id', '=', id).executeTakeFirst();
}

/** Records a requested regrade (QUEUED); returns its id. */
export async function insertRegrade(db: Db, values: { document_id: number; key_version: number; requested_by: number; now: number }) {
  const row = await db
    .insertInto('document_regrades')
    .values({
      document_id: values.document_id,
      key_version: values.key_version,
      status: 'QUEUED',
      error: null,
      requested_by: values.requested_by,
      requested_at: values.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a regrade on: status, version, counts, the end. */
export async function updateRegrade(
  db: Db,
  id: number,
  values: Partial<{
    status: RegradeStatus;
    key_version: number;
    total: number;
    done: number;
    changed: number;
    error: string | null;
    finished_at: number;
  }>,
) {
  await db.updateTable('document_regrades').set(values).where('id', '=', id).execute();
}

/** The ids of a document's submissions, oldest first. */
export async function submissionIdsOf(db: Db, documentId: number): Promise<number[]> {
  const rows = await db.selectFrom('submissions').select('id').where('document_id', '=', documentId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** What a regrade reads of one submission. */
export function submissionForRegrade(db: Db, id: number) {
  return (
    db
      .selectFrom('submissions')
      .select(['id', 'student_id', 'document_id', 'har_key', 'file_key', 'points', 'max_points', 'percent', 'grade', 'key_version'])
      // The student's report as named before the regrade (it may carry what it showed in its name, issue 35).
      .select('student_report_key')
      .where('id', '=', id)
      .executeTakeFirst()
  );
}

/**
 * Stores a submission's new grading, only if no one regraded it since it was read. Its drawings
 * are forgotten: the next view draws the new grading (issue 29), and an image that shows the same
 * is found again in the cache.
 */
export async function writeRegradedSubmission(
  db: Db,
  id: number,
  fromVersion: number,
  values: { points: number; max_points: number; percent: number; grade: string; result_json: string; key_version: number },
): Promise<boolean> {
  const result = await db
    .updateTable('submissions')
    .set({ ...values, render_status: 'PENDING', png_key: null, report_key: null, student_png_key: null, student_report_key: null })
    .where('id', '=', id)
    .where('key_version', '=', fromVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds one row to a document's audit list of changed grades. */
export async function insertGradeChange(db: Db, values: Insertable<GradeChangesTable>) {
  await db.insertInto('grade_changes').values(values).execute();
}

/** How many grades a regrade has changed. */
export async function countGradeChanges(db: Db, regradeId: number): Promise<number> {
  const row = await db
    .selectFrom('grade_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('regrade_id', '=', regradeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A document's audit list, newest first, with the student's and the instructor's names. */
export function listGradeChanges(db: Db, documentId: number) {
  return db
    .selectFrom('grade_changes as g')
    .innerJoin('users as s', 's.id', 'g.student_id')
    .leftJoin('users as b', 'b.id', 'g.changed_by')
    .selectAll('g')
    .select(['s.first_name as student_first_name', 's.last_name as student_last_name', 'b.first_name', 'b.last_name'])
    .where('g.document_id', '=', documentId)
    .orderBy('g.changed_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
}
