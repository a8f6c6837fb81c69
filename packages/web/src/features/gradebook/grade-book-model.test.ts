import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { CoursePerson } from '@app/contract/people';
import { describe, expect, it } from 'vitest';
import { testSubmission } from '../../testing/factories.ts';
import { gradeBookRows, gradeBookSets, mostSubmissionsPerColumn } from './grade-book-model.ts';
import { testCells } from './test-submission.ts';

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
    multiple_submissions: true,
    delay_showing_grade: false,
    show_grade_on_date: null,
    timed: false,
    timed_time_seconds: null,
    show_answers: 'AFTER_DUE',
    show_findings: 'AT_RELEASE',
    ...overrides,
  };
}

function assignmentSet(id: number, title: string, documents: CourseDocument[]): AssignmentSet {
  return {
    id,
    course: 1,
    title,
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

const students: CoursePerson[] = [
  { user_id: 1, first_name: 'Lili', last_name: 'Boulanger', email: 'lili@example.com' },
  { user_id: 2, first_name: 'Amy', last_name: 'Beach', email: 'amy@example.com' },
  { user_id: 3, first_name: 'Nadia', last_name: 'Boulanger', email: 'nadia@example.com' },
];

describe('grade book columns', () => {
  const sets = [
    assignmentSet(10, 'Week 1', [doc(100, 10), doc(101, 10, { practice: true }), doc(102, 10, { gradable: false })]),
    assignmentSet(20, 'Week 2', [doc(200, 20, { practice: true })]),
  ];

  it('groups the gradable documents by set, in course order', () => {
    const groups = gradeBookSets(sets, { includePractice: true, allSets: new Set() });
    expect(groups.map((g) => [g.title, g.columns.map((c) => c.documentId)])).toEqual([
      ['Week 1', [100, 101]],
      ['Week 2', [200]],
    ]);
  });

  it("drops practice documents for 'Non-practice only', and sets left empty", () => {
    const groups = gradeBookSets(sets, { includePractice: false, allSets: new Set() });
    expect(groups.map((g) => [g.title, g.columns.map((c) => c.documentId)])).toEqual([['Week 1', [100]]]);
  });

  it("marks the sets shown with 'All submissions'", () => {
    const groups = gradeBookSets(sets, { includePractice: true, allSets: new Set([20]) });
    expect(groups.map((g) => g.mode)).toEqual(['highest', 'all']);
  });
});

describe('highest or all submissions per set', () => {
  // The server's best cells: one per student and document.
  const highest = testCells([
    testSubmission({ id: 3, student: 1, document: 100, assignment_id: 10, points: 8 }),
    testSubmission({ id: 7, student: 2, document: 200, assignment_id: 20, points: 6 }),
    testSubmission({ id: 5, student: 2, document: 100, assignment_id: 10, points: 4 }),
  ]);
  // Every submission of set 20 (its one document, 200), as ?submissions=all&sets=20 sends them.
  const allOfSet20 = [
    testSubmission({ id: 7, student: 2, document: 200, assignment_id: 20, points: 6, submit_time: 300 }),
    testSubmission({ id: 6, student: 2, document: 200, assignment_id: 20, points: 2, submit_time: 100 }),
    testSubmission({ id: 8, student: 2, document: 200, assignment_id: 20, points: 6, submit_time: 200 }),
  ];

  it('lists the students by last name, then first name, each with their highest submissions', () => {
    const rows = gradeBookRows(students, highest);
    expect(rows.map((r) => `${r.lastName}, ${r.firstName}`)).toEqual(['Beach, Amy', 'Boulanger, Lili', 'Boulanger, Nadia']);
    expect(rows[0]?.cells.get(100)?.map((s) => s.id)).toEqual([5]);
    expect(rows[0]?.cells.get(200)?.map((s) => s.id)).toEqual([7]);
    expect(rows[1]?.cells.get(100)?.map((s) => s.id)).toEqual([3]);
    expect(rows[2]?.cells.size).toBe(0);
  });

  it("replaces a set's highest submissions with all of them, sorted by points, descending", () => {
    const rows = gradeBookRows(students, highest, { cells: testCells([...allOfSet20].reverse()), documentIds: new Set([200]) });
    const amy = rows.find((r) => r.studentId === 2);
    // Equal points: the later submission first.
    expect(amy?.cells.get(200)?.map((s) => s.id)).toEqual([7, 8, 6]);
    // Other sets keep the highest.
    expect(amy?.cells.get(100)?.map((s) => s.id)).toEqual([5]);
  });

  it('sizes an all-submissions column by its longest cell', () => {
    const rows = gradeBookRows(students, highest, { cells: testCells(allOfSet20), documentIds: new Set([200]) });
    const sets = gradeBookSets([assignmentSet(10, 'Week 1', [doc(100, 10)]), assignmentSet(20, 'Week 2', [doc(200, 20)])], {
      includePractice: true,
      allSets: new Set([20]),
    });
    expect([...mostSubmissionsPerColumn(sets, rows)]).toEqual([[200, 3]]);
  });

  it('ignores submissions of people who are no longer students of the course', () => {
    const rows = gradeBookRows(
      students,
      testCells([testSubmission({ id: 3, student: 1, document: 100, points: 8 }), testSubmission({ id: 99, student: 42, document: 100 })]),
    );
    expect(rows.map((r) => r.studentId)).toEqual([2, 1, 3]);
  });
});
