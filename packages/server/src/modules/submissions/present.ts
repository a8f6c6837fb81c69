import type { Submission } from '@app/contract/submissions';
import { gradeWithheld } from './policy.ts';
import type { SubmissionRow } from './repository.ts';

/** What a submission is shown from: a listSubmissions row, or what a hand-in just wrote. */
export type PresentedRow = Pick<
  SubmissionRow,
  | 'id'
  | 'student_id'
  | 'document_id'
  | 'assignment_set_id'
  | 'document_title'
  | 'first_name'
  | 'last_name'
  | 'points'
  | 'max_points'
  | 'percent'
  | 'grade'
  | 'submit_time'
  | 'practice'
  | 'number'
  | 'delay_showing_grade'
  | 'show_grade_on_date'
>;

/** A submission as the API shows it; for a student, a withheld grade shows as null with the day it will show. */
export function presentSubmission(row: PresentedRow, forStudent: boolean, now: number): Submission {
  const hidden = forStudent && gradeWithheld(row, now);
  return {
    id: row.id,
    student: row.student_id,
    document: row.document_id,
    assignment_id: row.assignment_set_id,
    document_title: row.document_title,
    student_first_name: row.first_name,
    student_last_name: row.last_name,
    points: hidden ? null : row.points,
    max_points: hidden ? null : row.max_points,
    percent: hidden ? null : row.percent,
    grade: hidden ? null : row.grade,
    submit_time: row.submit_time,
    practice: row.practice === 1,
    number: Number(row.number),
    grade_hidden: hidden,
    grade_shown_at: hidden ? row.show_grade_on_date : null,
  };
}
