import type { GradeBookCells } from '@app/contract/gradebook';
import type { Submission } from '@app/contract/submissions';

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
