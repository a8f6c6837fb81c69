import type { AssignmentSet, CourseDocument } from '@app/contract/assignments';
import type { Submission } from '@app/contract/submissions';
import type { CurrentUser } from '@app/contract/users';

/** A signed-in student with no courses; tests change what they need. */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    uuid: 'u-7',
    user_type: 1,
    first_name: 'Nadia',
    last_name: 'Boulanger',
    email: 'nadia@example.com',
    gender: null,
    school: null,
    phone_number: null,
    timezone: 1,
    timezone_name: 'UTC',
    language: 'en',
    will_receive_marketing_emails: false,
    will_receive_notification_emails: true,
    has_pending_teacher_account_request: false,
    course_instructors: [],
    course_students: [],
    course_tas: [],
    invitations: [],
    enrollment_requests: [],
    pending_email: null,
    ...overrides,
  };
}

/** A submission as the API sends it, for grade-book and formatting tests. */
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
    show_findings: 'AT_RELEASE',
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
    draft: false,
    due_at: Date.UTC(2031, 8, 22, 13, 0) / 1000,
    set_key: 'set-key',
    show_after_due: true,
    weight: 0,
    documents: [],
    extension_due_at: null,
    ...overrides,
  };
}
