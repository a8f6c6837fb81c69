import type { GradeBookCells } from '@app/contract/gradebook';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A student's submissions of one document: the unit `best_submissions` is kept current by. */
export type StudentDocument = { studentId: number; documentId: number };

type Ranked = { id: number; points: number; submit_time: number };

/** Grade-book order (spec §9): most points first, then the latest; true when `a` comes before `b`. */
function ranksAbove(a: Ranked, b: Ranked): boolean {
  return a.points !== b.points ? a.points > b.points : a.submit_time !== b.submit_time ? a.submit_time > b.submit_time : a.id > b.id;
}

/**
 * Recomputes the best submissions of each student's document from its submissions (a handful of
 * rows): call it in the transaction that inserts or deletes them. Ranked as `ranksAbove`, one row
 * per kind (practice or not), numbered among all the student's submissions of the document.
 */
export async function refreshBestSubmissions(db: Db, pairs: readonly StudentDocument[]): Promise<void> {
  const seen = new Set<string>();
  for (const { studentId, documentId } of pairs) {
    const key = `${studentId}:${documentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rows = await db
      .selectFrom('submissions')
      .select(['id', 'course_id', 'assignment_set_id', 'points', 'max_points', 'percent', 'grade', 'submit_time', 'practice'])
      .where('student_id', '=', studentId)
      .where('document_id', '=', documentId)
      .orderBy('submit_time')
      .orderBy('id')
      .execute();
    await db.deleteFrom('best_submissions').where('document_id', '=', documentId).where('student_id', '=', studentId).execute();
    const best = new Map<number, { row: (typeof rows)[number]; number: number }>();
    rows.forEach((row, index) => {
      const current = best.get(row.practice);
      if (!current || ranksAbove(row, current.row)) best.set(row.practice, { row, number: index + 1 });
    });
    if (best.size === 0) continue;
    await db
      .insertInto('best_submissions')
      .values(
        [...best.values()].map(({ row, number }) => ({
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
          number,
        })),
      )
      .execute();
  }
}

/**
 * Ranks a whole course's submissions into `best_submissions` again, in one statement. For data
 * written around the services (benchmarks, imports); the services keep the table current themselves.
 */
export async function rebuildBestSubmissions(db: Db, courseId: number): Promise<void> {
  await db.deleteFrom('best_submissions').where('course_id', '=', courseId).execute();
  await sql`
    insert into best_submissions
      (course_id, student_id, document_id, practice, assignment_set_id, submission_id,
       points, max_points, percent, grade, submit_time, number)
    select course_id, student_id, document_id, practice, assignment_set_id, id,
           points, max_points, percent, grade, submit_time, number
    from (
      select s.*,
        row_number() over (partition by student_id, document_id order by submit_time, id) as number,
        row_number() over (partition by student_id, document_id, practice order by points desc, submit_time desc, id desc) as rank
      from submissions s
      where course_id = ${courseId}
    ) ranked
    where rank = 1`.execute(db);
}

export type GradeBookFilter = { courseId: number; includePractice: boolean; setIds?: readonly number[] };

/** Columns in the making; ids become indexes at the end. */
function emptyCells() {
  return {
    student: [] as number[],
    document: [] as number[],
    id: [] as number[],
    points: [] as number[],
    max_points: [] as number[],
    percent: [] as number[],
    grade: [] as string[],
    submit_time: [] as number[],
    number: [] as number[],
    practice: [] as number[],
  };
}
type Cell = { id: number; points: number; max_points: number; percent: number; grade: string; submit_time: number; practice: number };

function push(cells: ReturnType<typeof emptyCells>, studentId: number, documentId: number, cell: Cell, number: number) {
  cells.student.push(studentId);
  cells.document.push(documentId);
  cells.id.push(cell.id);
  cells.points.push(cell.points);
  cells.max_points.push(cell.max_points);
  cells.percent.push(cell.percent);
  cells.grade.push(cell.grade);
  cells.submit_time.push(Number(cell.submit_time));
  cells.number.push(number);
  cells.practice.push(cell.practice);
}

/** Student and document ids → the lists sent once, and the cells' indexes into them. */
function indexed(cells: ReturnType<typeof emptyCells>): GradeBookCells {
  const index = (ids: number[]) => {
    const list = [...new Set(ids)].sort((a, b) => a - b);
    const position = new Map(list.map((id, i) => [id, i]));
    return { list, positions: ids.map((id) => position.get(id) ?? 0) };
  };
  const students = index(cells.student);
  const documents = index(cells.document);
  return { ...cells, students: students.list, documents: documents.list, student: students.positions, document: documents.positions };
}

/**
 * Each student's highest submission per document of a course, read from `best_submissions` (one
 * range scan, no ranking): with practice work, the better of a document's practice and formal best.
 */
export async function bestCells(db: Db, filter: GradeBookFilter): Promise<GradeBookCells> {
  let query = db
    .selectFrom('best_submissions')
    .select([
      'student_id',
      'document_id',
      'submission_id as id',
      'points',
      'max_points',
      'percent',
      'grade',
      'submit_time',
      'practice',
      'number',
    ])
    .where('course_id', '=', filter.courseId);
  if (!filter.includePractice) query = query.where('practice', '=', 0);
  if (filter.setIds) query = query.where('assignment_set_id', 'in', filter.setIds.length > 0 ? [...filter.setIds] : [0]);
  const rows = await query.orderBy('student_id').orderBy('document_id').orderBy('practice').execute();
  const cells = emptyCells();
  for (let i = 0; i < rows.length; i++) {
    let row = rows[i];
    if (!row) continue;
    // A document handed in both as practice and formally has two rows, next to each other.
    const next = rows[i + 1];
    if (next && next.student_id === row.student_id && next.document_id === row.document_id) {
      if (ranksAbove(next, row)) row = next;
      i++;
    }
    push(cells, Number(row.student_id), Number(row.document_id), row, row.number);
  }
  return indexed(cells);
}

/**
 * Every submission of a course (or of some of its sets), numbered per student and document in the
 * order handed in, each cell's submissions most points first. One ordered read; numbering and the
 * order within a cell happen here rather than in window functions.
 */
export async function allCells(db: Db, filter: GradeBookFilter): Promise<GradeBookCells> {
  let query = db
    .selectFrom('submissions')
    .select(['student_id', 'document_id', 'id', 'points', 'max_points', 'percent', 'grade', 'submit_time', 'practice'])
    .where('course_id', '=', filter.courseId);
  if (filter.setIds) query = query.where('assignment_set_id', 'in', filter.setIds.length > 0 ? [...filter.setIds] : [0]);
  const rows = await query.orderBy('student_id').orderBy('document_id').orderBy('submit_time').orderBy('id').execute();
  const cells = emptyCells();
  let start = 0;
  while (start < rows.length) {
    const first = rows[start];
    if (!first) break;
    let end = start + 1;
    while (end < rows.length && rows[end]?.student_id === first.student_id && rows[end]?.document_id === first.document_id) end++;
    // Numbered over every submission of the document, practice or not, as the submission page does.
    const cell = rows
      .slice(start, end)
      .map((row, position) => ({ row, number: position + 1 }))
      .filter(({ row }) => filter.includePractice || row.practice === 0);
    cell.sort((a, b) => (ranksAbove(a.row, b.row) ? -1 : 1));
    for (const { row, number } of cell) push(cells, Number(first.student_id), Number(first.document_id), row, number);
    start = end;
  }
  return indexed(cells);
}
