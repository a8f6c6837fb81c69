import type { GradeBookCells } from '@app/contract/gradebook';
import type { Submission } from '@app/contract/submissions';

/** A submission as the API sends it, for grade-book tests. */
export function testSubmission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: 1,
    student: 10,
    document: 100,
    assignment_id: 1000,
    document_title: 'Cadences in C',
    student_first_name: 'Amy',
    student_last_name: 'Beach',
    points: 7,
    max_points: 8,
    percent: 87.5,
    grade: 'B+',
    submit_time: Date.UTC(2031, 8, 10, 14, 30) / 1000,
    practice: false,
    number: 1,
    grade_hidden: false,
    ...overrides,
  };
}

/** Submissions as GET /api/courses/{id}/grade-book sends them: as columns. */
export function testCells(submissions: readonly Submission[]): GradeBookCells {
  return {
    student: submissions.map((s) => s.student),
    document: submissions.map((s) => s.document),
    id: submissions.map((s) => s.id),
    points: submissions.map((s) => s.points ?? 0),
    max_points: submissions.map((s) => s.max_points ?? 0),
    percent: submissions.map((s) => s.percent ?? 0),
    grade: submissions.map((s) => s.grade ?? ''),
    submit_time: submissions.map((s) => s.submit_time),
    number: submissions.map((s) => s.number),
    practice: submissions.map((s) => (s.practice ? 1 : 0)),
  };
}
