import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import { describe, expect, it } from 'vitest';
import { testSubmission } from '../../../testing/factories.ts';
import { studentSets } from './student-grade-book.tsx';

function doc(id: number, setId: number, overrides: Partial<CourseDocument> = {}): CourseDocument {
  return {
    id,
    assignment_id: setId,
    title: `Document ${id}`,
    weight: id,
    doc_key: `key-${id}`,
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
    show_findings: 'AT_RELEASE',
    ...overrides,
  };
}

function set(id: number, documents: CourseDocument[]): AssignmentSet {
  return {
    id,
    course: 1,
    title: `Set ${id}`,
    released_at: 0,
    draft: false,
    due_at: 1,
    set_key: `set-${id}`,
    show_after_due: true,
    weight: id,
    documents,
    extension_due_at: null,
  };
}

// Found in QA review: sets an instructor made but left empty showed to students as titles over empty tables.
describe('studentSets', () => {
  it('leaves out a set with nothing gradable and nothing handed in, keeps one with a hidden document handed in', () => {
    const sets = [
      set(1, [doc(11, 1)]),
      set(2, []),
      set(3, [doc(31, 3, { gradable: false })]),
      set(4, []), // its document is hidden after the due date, but the student handed it in
    ];
    const handedIn = testSubmission({ id: 7, document: 41, assignment_id: 4, document_title: 'Hidden now' });
    const groups = studentSets(sets, [handedIn]);
    expect(groups.map((g) => [g.id, g.documents.map((d) => d.title)])).toEqual([
      [1, ['Document 11']],
      [4, ['Hidden now']],
    ]);
  });

  it('is empty when no set has anything to show (the page then says no sets are released)', () => {
    expect(studentSets([set(2, [])], [])).toEqual([]);
  });
});
