import { type RawBuilder, sql } from 'kysely';
import type { Db, DialectName } from '../../db/database.ts';

/** A student's submissions of one document: the unit `best_submissions` is kept current by. */
export type StudentDocument = { studentId: number; documentId: number };

type Ranked = { id: number; points: number; submit_time: number };

/** Grade-book order (spec §9): most points first, then the latest; true when `a` comes before `b`. */
function ranksAbove(a: Ranked, b: Ranked): boolean {
  return a.points !== b.points ? a.points > b.points : a.submit_time !== b.submit_time ? a.submit_time > b.submit_time : a.id > b.id;
}

/**
 * Recomputes what the grade book reads of each student's document from its submissions (a handful
 * of rows): their numbers in the order handed in, and the best of each kind (practice or not),
 * ranked as `ranksAbove`, with `overall` on the better of the two. Call it in the transaction that
 * inserts or deletes the submissions.
 */
export async function refreshBestSubmissions(db: Db, pairs: readonly StudentDocument[]): Promise<void> {
  const seen = new Set<string>();
  for (const { studentId, documentId } of pairs) {
    const key = `${studentId}:${documentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rows = await db
      .selectFrom('submissions')
      .select(['id', 'course_id', 'assignment_set_id', 'points', 'max_points', 'percent', 'grade', 'submit_time', 'practice', 'number'])
      .where('student_id', '=', studentId)
      .where('document_id', '=', documentId)
      .orderBy('submit_time')
      .orderBy('id')
      .execute();
    const best = new Map<number, (typeof rows)[number] & { number: number }>();
    for (const [index, row] of rows.entries()) {
      // A new submission comes last (0 until now); a removal moves the later ones up.
      if (row.number !== index + 1)
        await db
          .updateTable('submissions')
          .set({ number: index + 1 })
          .where('id', '=', row.id)
          .execute();
      const numbered = { ...row, number: index + 1 };
      const current = best.get(row.practice);
      if (!current || ranksAbove(numbered, current)) best.set(row.practice, numbered);
    }
    await db.deleteFrom('best_submissions').where('document_id', '=', documentId).where('student_id', '=', studentId).execute();
    if (best.size === 0) continue;
    const kinds = [...best.values()];
    const top = kinds.reduce((a, b) => (ranksAbove(b, a) ? b : a));
    await db
      .insertInto('best_submissions')
      .values(
        kinds.map((row) => ({
          course_id: row.course_id,
          student_id: studentId,
          document_id: documentId,
          practice: row.practice,
          assignment_set_id: row.assignment_set_id,
          submission_id: row.id,
          points: row.points,
          max_points: row.max_points,
          percent: row.percent,
          grade: row.grade,
          submit_time: row.submit_time,
          number: row.number,
          overall: row === top ? 1 : 0,
        })),
      )
      .execute();
  }
}

/**
 * Numbers and ranks a whole course's submissions into `submissions.number` and `best_submissions`
 * again, in two statements. For data written around the services (benchmarks, imports); the
 * services keep both current themselves.
 */
export async function rebuildBestSubmissions(db: Db, courseId: number): Promise<void> {
  await sql`
    update submissions set number = numbered.n
    from (
      select id, row_number() over (partition by student_id, document_id order by submit_time, id) as n
      from submissions where course_id = ${courseId}
    ) as numbered
    where submissions.id = numbered.id`.execute(db);
  await db.deleteFrom('best_submissions').where('course_id', '=', courseId).execute();
  await sql`
    insert into best_submissions
      (course_id, student_id, document_id, practice, assignment_set_id, submission_id,
       points, max_points, percent, grade, submit_time, number, overall)
    select course_id, student_id, document_id, practice, assignment_set_id, id,
           points, max_points, percent, grade, submit_time, number, case when overall_rank = 1 then 1 else 0 end
    from (
      select s.*,
        row_number() over (partition by student_id, document_id, practice order by points desc, submit_time desc, id desc) as rank,
        row_number() over (partition by student_id, document_id order by points desc, submit_time desc, id desc) as overall_rank
      from submissions s
      where course_id = ${courseId}
    ) ranked
    where rank = 1`.execute(db);
}

export type GradeBookFilter = { courseId: number; includePractice: boolean; setIds?: readonly number[] };

/** The columns of GradeBookCells and the SQL that fills each, in the order the cells come. */
const COLUMNS = ['student', 'document', 'id', 'points', 'max_points', 'percent', 'grade', 'submit_time', 'number', 'practice'] as const;

/**
 * Rows → the JSON text of GradeBookCells, built by the database (one json_group_array / json_agg per
 * column over an ordered subquery): 200,000 cells never become 200,000 JavaScript objects, nor pass
 * through JSON.stringify. Each column comes back as its own text and the object around them is joined
 * here: wrapping them in json_object made SQLite read every column's JSON again (about a fifth of the
 * query). Empty input gives empty arrays.
 */
async function cellsJson(db: Db, dialect: DialectName, rows: RawBuilder<unknown>): Promise<string> {
  const agg = (column: string) =>
    dialect === 'postgres'
      ? sql`coalesce(json_agg(${sql.ref(`c.${column}`)}), '[]'::json)::text as ${sql.ref(column)}`
      : sql`json_group_array(${sql.ref(`c.${column}`)}) as ${sql.ref(column)}`;
  const result = await sql<Record<(typeof COLUMNS)[number], string>>`select ${sql.join(COLUMNS.map(agg))} from (${rows}) as c`.execute(db);
  const row = result.rows[0];
  if (!row) return '{}';
  return `{${COLUMNS.map((column) => `"${column}":${row[column]}`).join(',')}}`;
}

const setFilter = (column: string, setIds: readonly number[] | undefined) =>
  setIds ? sql`and ${sql.ref(column)} in (${sql.join(setIds.length > 0 ? [...setIds] : [0])})` : sql``;

/**
 * Each student's highest submission per document of a course as the JSON of GradeBookCells, read
 * from `best_submissions` (one range scan, no ranking): with practice work, the better of a
 * document's practice and formal best (`overall`).
 */
export async function bestCellsJson(db: Db, dialect: DialectName, filter: GradeBookFilter): Promise<string> {
  const rows = sql`
    select b.student_id as student, b.document_id as document, b.submission_id as id, b.points, b.max_points,
           b.percent, b.grade, b.submit_time, b.number, b.practice
    from best_submissions b
    where b.course_id = ${filter.courseId} and ${filter.includePractice ? sql`b.overall = 1` : sql`b.practice = 0`}
      ${setFilter('b.assignment_set_id', filter.setIds)}
    order by b.student_id, b.document_id`;
  return cellsJson(db, dialect, rows);
}

/**
 * Every submission of a course (or of some of its sets) as the JSON of GradeBookCells, by student,
 * document, points and id: the order of `submissions_course_idx` (rowid last on SQLite), so nothing is
 * sorted, and ties in points still come back in one order on both engines. Each cell carries the
 * `number` that `refreshBestSubmissions` keeps; the web app orders each cell.
 */
export async function allCellsJson(db: Db, dialect: DialectName, filter: GradeBookFilter): Promise<string> {
  const rows = sql`
    select s.student_id as student, s.document_id as document, s.id, s.points, s.max_points, s.percent, s.grade,
           s.submit_time, s.number, s.practice
    from submissions s
    where s.course_id = ${filter.courseId} ${filter.includePractice ? sql`` : sql`and s.practice = 0`}
      ${setFilter('s.assignment_set_id', filter.setIds)}
    order by s.student_id, s.document_id, s.points, s.id`;
  return cellsJson(db, dialect, rows);
}
