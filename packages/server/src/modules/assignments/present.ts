import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { AssignmentSetRow, DocumentRow } from '../../db/schema.ts';
import { jobStatus } from '../../documents/har-files.ts';

/** The API shape of a document: its settings and where its preview stands. */
export function presentDocument(row: DocumentRow): CourseDocument {
  return {
    id: row.id,
    assignment_id: row.assignment_set_id,
    title: row.title,
    weight: row.weight,
    doc_key: row.doc_key,
    preview_status: jobStatus(row.preview_status),
    gradable: row.gradable === 1,
    practice: row.practice === 1,
    incremental_grading: row.incremental_grading === 1,
    multiple_submissions: row.multiple_submissions === 1,
    delay_showing_grade: row.delay_showing_grade === 1,
    show_grade_on_date: row.show_grade_on_date,
    timed: row.timed === 1,
    timed_time_seconds: row.timed_time_seconds,
    show_answers: row.show_answers,
    show_findings: row.show_findings,
  };
}

/** The API shape of a set with the documents the viewer may see. */
export function presentSet(row: AssignmentSetRow, documents: DocumentRow[], extensionDueAt: number | null): AssignmentSet {
  return {
    id: row.id,
    course: row.course_id,
    title: row.title,
    released_at: row.released_at,
    draft: row.draft === 1,
    due_at: row.due_at,
    set_key: row.set_key,
    show_after_due: row.show_after_due === 1,
    weight: row.weight,
    documents: documents.map(presentDocument),
    extension_due_at: extensionDueAt,
  };
}
