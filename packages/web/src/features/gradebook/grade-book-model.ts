import type { AssignmentSet } from '@app/contract/assignments';
import type { GradeBookCells } from '@app/contract/gradebook';
import type { CoursePerson } from '@app/contract/people';
import type { Submission } from '@app/contract/submissions';
import { byPointsDescending } from '../../lib/format-grade.ts';

/** Per set (spec §2): each student's highest submission of a document, or all of them by points, descending. */
export type SetMode = 'highest' | 'all';

/** One grade-book column: a gradable document of a set. */
export interface GradeBookColumn {
  /** TanStack column id. */
  id: string;
  documentId: number;
  setId: number;
  setTitle: string;
  title: string;
  practice: boolean;
}

export interface GradeBookSet {
  id: number;
  title: string;
  mode: SetMode;
  columns: GradeBookColumn[];
}

/** What a grade-book cell shows of one submission. */
export type GradeCell = Pick<
  Submission,
  'id' | 'points' | 'max_points' | 'percent' | 'grade' | 'grade_hidden' | 'submit_time' | 'number' | 'practice'
>;

/** One grade-book row: a student and their submissions by document, most points first. */
export interface GradeBookRow {
  studentId: number;
  firstName: string;
  lastName: string;
  email: string;
  cells: ReadonlyMap<number, readonly GradeCell[]>;
}

export const columnId = (documentId: number) => `doc-${documentId}`;

/**
 * The column groups of a grade book: the course's sets in order, each with its gradable documents
 * (practice documents only when practice work is shown). Sets left without a document are dropped.
 */
export function gradeBookSets(
  sets: readonly AssignmentSet[],
  options: { includePractice: boolean; allSets: ReadonlySet<number> },
): GradeBookSet[] {
  return sets
    .map((set) => ({
      id: set.id,
      title: set.title,
      mode: options.allSets.has(set.id) ? ('all' as const) : ('highest' as const),
      columns: set.documents
        .filter((doc) => doc.gradable && (options.includePractice || !doc.practice))
        .map((doc) => ({
          id: columnId(doc.id),
          documentId: doc.id,
          setId: set.id,
          setTitle: set.title,
          title: doc.title,
          practice: doc.practice,
        })),
    }))
    .filter((set) => set.columns.length > 0);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Students in the usual class-list order: last name, then first name. */
export function compareStudents(a: Pick<GradeBookRow, 'firstName' | 'lastName'>, b: Pick<GradeBookRow, 'firstName' | 'lastName'>) {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName);
}

/**
 * The rows of a grade book from the server's columns (GET /api/courses/{id}/grade-book). `highest`
 * holds each student's best submission per document; `all` every submission of the documents in
 * `all.documentIds` (the sets shown with 'All submissions'), which replace the highest ones there.
 * Cells keep the order of spec §9: points, descending.
 */
export function gradeBookRows(
  students: readonly CoursePerson[],
  highest: GradeBookCells,
  all?: { cells: GradeBookCells; documentIds: ReadonlySet<number> },
): GradeBookRow[] {
  const byStudent = new Map<number, Map<number, GradeCell[]>>();
  const add = (cells: GradeBookCells, skip: ReadonlySet<number> | undefined) => {
    for (let i = 0; i < cells.id.length; i++) {
      const studentId = cells.student[i];
      const documentId = cells.document[i];
      if (studentId === undefined || documentId === undefined || skip?.has(documentId)) continue;
      const cell: GradeCell = {
        id: cells.id[i] ?? 0,
        points: cells.points[i] ?? null,
        max_points: cells.max_points[i] ?? null,
        percent: cells.percent[i] ?? null,
        grade: cells.grade[i] ?? null,
        grade_hidden: false,
        submit_time: cells.submit_time[i] ?? 0,
        number: cells.number[i] ?? 1,
        practice: cells.practice[i] === 1,
      };
      let row = byStudent.get(studentId);
      if (!row) {
        row = new Map();
        byStudent.set(studentId, row);
      }
      const list = row.get(documentId);
      if (list) list.push(cell);
      else row.set(documentId, [cell]);
    }
  };
  add(highest, all?.documentIds);
  if (all) add(all.cells, undefined);
  for (const cells of byStudent.values()) for (const cell of cells.values()) if (cell.length > 1) cell.sort(byPointsDescending);

  return students
    .map((student) => ({
      studentId: student.user_id,
      firstName: student.first_name,
      lastName: student.last_name,
      email: student.email,
      cells: byStudent.get(student.user_id) ?? new Map<number, GradeCell[]>(),
    }))
    .sort(compareStudents);
}

/** The most submissions any student has in each column, for sizing the 'All submissions' columns. */
export function mostSubmissionsPerColumn(sets: readonly GradeBookSet[], rows: readonly GradeBookRow[]): Map<number, number> {
  const most = new Map<number, number>();
  for (const set of sets) {
    if (set.mode !== 'all') continue;
    for (const column of set.columns) {
      let max = 0;
      for (const row of rows) max = Math.max(max, row.cells.get(column.documentId)?.length ?? 0);
      most.set(column.documentId, max);
    }
  }
  return most;
}

export const studentName = (row: Pick<GradeBookRow, 'firstName' | 'lastName'>) => `${row.lastName}, ${row.firstName}`;
