import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';

/** Sept 1 – Dec 20, 2031, 13:00 UTC: the course period of the tests. */
export const testPeriod = { start_date: Date.UTC(2031, 8, 1, 13, 0) / 1000, end_date: Date.UTC(2031, 11, 20, 13, 0) / 1000 };

/** A document as the API sends it, for component tests. */
export function testDocument(overrides: Partial<CourseDocument> = {}): CourseDocument {
  return {
    id: 41,
    assignment_id: 9,
    title: 'Cadences in C major',
    weight: 0,
    doc_key: 'doc-key',
    preview_status: 'READY',
    gradable: true,
    practice: false,
    incremental_grading: false,
    multiple_submissions: false,
    delay_showing_grade: false,
    show_grade_on_date: null,
    timed: false,
    timed_time_seconds: null,
    show_answers: 'AFTER_DUE',
    ...overrides,
  };
}

/** A set inside the test period: assigned Sept 8, due Sept 22 (13:00 UTC). */
export function testSet(overrides: Partial<AssignmentSet> = {}): AssignmentSet {
  return {
    id: 9,
    course: 7,
    title: 'Week 1',
    released_at: Date.UTC(2031, 8, 8, 13, 0) / 1000,
    due_at: Date.UTC(2031, 8, 22, 13, 0) / 1000,
    set_key: 'set-key',
    show_after_due: true,
    weight: 0,
    documents: [],
    extension_due_at: null,
    ...overrides,
  };
}
