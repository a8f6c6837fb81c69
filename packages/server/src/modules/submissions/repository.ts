import type { InsertObject } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, JobState } from '../../db/schema.ts';

export type SubmissionFilter = {
  courseId?: number;
  setId?: number;
  studentId?: number;
  documentId?: number;
  submissionId?: number;
  includePractice?: boolean;
  /** Only each student's highest-scoring submission per document. */
  best?: boolean;
};

/**
 * Submissions with their document and student, numbered per student and document
 * (1 = first handed in) and, with `best`, reduced to the highest score per student and
 * document — all in one statement, whatever the size of the course.
 */
export function listSubmissions(db: Db, filter: SubmissionFilter) {
  let inner = db
    .selectFrom('submissions as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('users as u', 'u.id', 's.student_id')
    .select([
      's.id',
      's.student_id',
      's.document_id',
      's.assignment_set_id',
      's.course_id',
      's.points',
      's.max_points',
      's.percent',
      's.grade',
      's.submit_time',
      's.practice',
      's.har_key',
      's.png_key',
      's.report_key',
      's.render_status',
      'd.title as document_title',
      'd.delay_showing_grade',
      'd.show_grade_on_date',
      'u.first_name',
      'u.last_name',
      sql<number>`row_number() over (partition by s.student_id, s.document_id order by s.submit_time, s.id)`.as('number'),
      sql<number>`row_number() over (partition by s.student_id, s.document_id order by s.points desc, s.submit_time desc, s.id desc)`.as(
        'rank',
      ),
    ]);
  if (filter.courseId !== undefined) inner = inner.where('s.course_id', '=', filter.courseId);
  if (filter.setId !== undefined) inner = inner.where('s.assignment_set_id', '=', filter.setId);
  if (filter.studentId !== undefined) inner = inner.where('s.student_id', '=', filter.studentId);
  if (filter.documentId !== undefined) inner = inner.where('s.document_id', '=', filter.documentId);
  if (filter.includePractice === false) inner = inner.where('s.practice', '=', 0);
  let query = db.selectFrom(inner.as('x')).selectAll();
  if (filter.best) query = query.where('x.rank', '=', 1);
  if (filter.submissionId !== undefined) query = query.where('x.id', '=', filter.submissionId);
  return query.orderBy('x.points', 'desc').orderBy('x.submit_time', 'desc').orderBy('x.id', 'desc').execute();
}
export type SubmissionRow = Awaited<ReturnType<typeof listSubmissions>>[number];

/** One submission's course, student and document (for access checks). */
export function findSubmission(db: Db, id: number) {
  return db
    .selectFrom('submissions')
    .select([
      'id',
      'course_id',
      'student_id',
      'document_id',
      'har_key',
      'png_key',
      'report_key',
      'student_png_key',
      'student_report_key',
      'render_status',
      'result_json',
      'submit_time',
      'file_key',
      'practice',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores a graded submission; returns its id and number. */
export async function insertSubmission(db: Db, values: InsertObject<Database, 'submissions'>): Promise<{ id: number; number: number }> {
  const row = await db.insertInto('submissions').values(values).returning(['id', 'number']).executeTakeFirstOrThrow();
  return { id: row.id, number: Number(row.number) };
}

/**
 * What the submission rules read of a student before a hand-in (issue 29: one statement, not three):
 * their extension of the set, their formal submissions of the document and when they first opened it.
 */
export async function handInState(
  db: Db,
  of: { documentId: number; setId: number; studentId: number },
): Promise<{ extensionDueAt: number | null; formalCount: number; startedAt: number | undefined }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('due_date_extensions')
        .select('extension_due_at')
        .where('student_id', '=', of.studentId)
        .where('assignment_set_id', '=', of.setId)
        .limit(1)
        .as('extension_due_at'),
      eb
        .selectFrom('submissions')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('document_id', '=', of.documentId)
        .where('student_id', '=', of.studentId)
        .where('practice', '=', 0)
        .as('formal_count'),
      eb
        .selectFrom('document_downloads')
        .select('first_downloaded_at')
        .where('document_id', '=', of.documentId)
        .where('student_id', '=', of.studentId)
        .limit(1)
        .as('first_downloaded_at'),
    ])
    .executeTakeFirstOrThrow();
  return {
    extensionDueAt: row.extension_due_at === null ? null : Number(row.extension_due_at),
    formalCount: Number(row.formal_count),
    startedAt: row.first_downloaded_at === null ? undefined : Number(row.first_downloaded_at),
  };
}

/** The number a student's next submission of a document takes (1 = the first), as an expression for its insert. */
export function nextNumber(studentId: number, documentId: number) {
  return sql<number>`(select count(*) + 1 from submissions where student_id = ${studentId} and document_id = ${documentId})`;
}

/** The stored grading results of submissions (per-item detail for the workspace). */
export async function resultsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('submissions').select(['id', 'result_json']).where('id', 'in', ids).execute();
}

/** Removes submissions by id; returns the storage keys of their files. */
export async function deleteSubmissions(db: Db, where: { id?: number; studentId?: number; documentId?: number }) {
  let select = db.selectFrom('submissions').select(['id', 'har_key', 'png_key', 'report_key', 'student_png_key', 'student_report_key']);
  let remove = db.deleteFrom('submissions');
  if (where.id !== undefined) {
    select = select.where('id', '=', where.id);
    remove = remove.where('id', '=', where.id);
  }
  if (where.studentId !== undefined) {
    select = select.where('student_id', '=', where.studentId);
    remove = remove.where('student_id', '=', where.studentId);
  }
  if (where.documentId !== undefined) {
    select = select.where('document_id', '=', where.documentId);
    remove = remove.where('document_id', '=', where.documentId);
  }
  const rows = await select.execute();
  await remove.execute();
  // A cached image (renders/) may be another submission's too: the orphan sweep removes it once no row names it.
  return rows.flatMap((r) =>
    [r.har_key, r.png_key, r.report_key, r.student_png_key, r.student_report_key].filter(
      (k): k is string => k !== null && !k.startsWith('renders/'),
    ),
  );
}

/**
 * What a submission's image and report are drawn from (drawings.ts): its files, result and the
 * grade's key version, what is drawn already, the document's title and file, and the student
 * (name, language, time zone); with its course and student, the one read of a file-urls request.
 */
export function findForDrawing(db: Db, submissionId: number) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('users as u', 'u.id', 's.student_id')
    .innerJoin('timezones as tz', 'tz.id', 'u.timezone_id')
    .select([
      's.id',
      's.course_id',
      's.student_id',
      's.document_id',
      's.har_key',
      's.file_key',
      's.result_json',
      's.submit_time',
      's.practice',
      's.key_version',
      's.png_key',
      's.report_key',
      's.student_png_key',
      's.student_report_key',
      's.render_status',
      'd.title',
      'd.storage_key as document_storage_key',
      'd.content_hash',
      'u.first_name',
      'u.last_name',
      'u.language',
      'tz.name as time_zone',
    ])
    .where('s.id', '=', submissionId)
    .executeTakeFirst();
}
export type DrawingRow = NonNullable<Awaited<ReturnType<typeof findForDrawing>>>;

/**
 * Bounds the images a student's submissions of a document name (issue 40): keeps those of
 * `current` and of the latest other submissions until `keep` distinct images are named, and
 * forgets the older ones' (their columns emptied; the orphan sweep removes a file once no row
 * names it, and a later view of such a submission draws it again). Answers how many rows forgot one.
 */
export async function forgetOlderDrawings(
  db: Db,
  where: { studentId: number; documentId: number; current: number },
  keep: number,
): Promise<number> {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'png_key', 'student_png_key'])
    .where('student_id', '=', where.studentId)
    .where('document_id', '=', where.documentId)
    .where((eb) => eb.or([eb('png_key', 'is not', null), eb('student_png_key', 'is not', null)]))
    .orderBy('submit_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const kept = new Set<string>();
  const keepRow = (row: (typeof rows)[number]) => {
    for (const key of [row.png_key, row.student_png_key]) if (key !== null) kept.add(key);
  };
  const current = rows.find((row) => row.id === where.current);
  if (current) keepRow(current);
  const forget = { full: [] as number[], student: [] as number[] };
  for (const row of rows) {
    if (row.id === where.current) continue;
    const named = [row.png_key, row.student_png_key].filter((key): key is string => key !== null);
    if (named.every((key) => kept.has(key)) || kept.size + new Set(named.filter((key) => !kept.has(key))).size <= keep) {
      keepRow(row);
      continue;
    }
    if (row.png_key !== null) forget.full.push(row.id);
    if (row.student_png_key !== null) forget.student.push(row.id);
  }
  if (forget.full.length > 0) await db.updateTable('submissions').set({ png_key: null }).where('id', 'in', forget.full).execute();
  if (forget.student.length > 0)
    await db.updateTable('submissions').set({ student_png_key: null }).where('id', 'in', forget.student).execute();
  return new Set([...forget.full, ...forget.student]).size;
}

/**
 * Records one variant's drawings, only while the submission is still graded by `keyVersion` (a
 * regrade meanwhile forgets drawings); false when it no longer is (or is gone).
 */
export async function setDrawn(
  db: Db,
  id: number,
  keyVersion: number,
  values:
    | { png_key: string | null; report_key: string; render_status: JobState }
    | { student_png_key: string | null; student_report_key: string; render_status: JobState },
): Promise<boolean> {
  const result = await db
    .updateTable('submissions')
    .set(values)
    .where('id', '=', id)
    .where('key_version', '=', keyVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
