import { type GradeChange, type RegradeState, RegradeStatus } from '@app/contract/answer-keys';
import type * as repo from './repository.ts';

const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** The latest regrade of a document as the key editor shows it (null before the first). */
export function presentRegrade(row: repo.RegradeRow | undefined): RegradeState['regrade'] {
  if (!row) return null;
  const status = RegradeStatus.safeParse(row.status);
  return {
    id: row.id,
    key_version: row.key_version,
    status: status.success ? status.data : 'QUEUED',
    total: row.total,
    done: row.done,
    changed: row.changed,
    error: row.error,
    requested_by: nameOf(row.first_name, row.last_name),
    requested_at: row.requested_at,
    finished_at: row.finished_at,
  };
}

/** One row of the audit list: a grade a regrade changed, before and after. */
export function presentGradeChange(row: Awaited<ReturnType<typeof repo.listGradeChanges>>[number]): GradeChange {
  return {
    id: row.id,
    submission_id: row.submission_id,
    student_id: row.student_id,
    student_first_name: row.student_first_name,
    student_last_name: row.student_last_name,
    changed_by: nameOf(row.first_name, row.last_name),
    changed_at: row.changed_at,
    key_version: row.key_version,
    old_points: row.old_points,
    old_max_points: row.old_max_points,
    old_percent: row.old_percent,
    old_grade: row.old_grade,
    new_points: row.new_points,
    new_max_points: row.new_max_points,
    new_percent: row.new_percent,
    new_grade: row.new_grade,
  };
}
