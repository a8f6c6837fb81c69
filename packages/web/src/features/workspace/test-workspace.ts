import type { StartedWorkspace, Workspace, WorkspaceSubmission } from '@app/contract/workspace';
import { type Call, fail, fakeApi, ok } from '../../testing/fake-api.ts';

export const NOW = Date.UTC(2031, 8, 10, 14, 0) / 1000;

/** A three-chord exercise as GET /api/documents/1/workspace gives it to a student. */
export function workspace(
  overrides: { rules?: Partial<Workspace['rules']> } & Partial<Omit<StartedWorkspace, 'rules'>> = {},
): StartedWorkspace {
  const { rules, ...rest } = overrides;
  return {
    document: { id: 1, title: 'Major Phrase 1 (C major)', assignment_id: 4, course_id: 3 },
    set_title: 'Week 1',
    labels: { cadential_64: 'V64', neapolitan_6: 'N6' },
    key: null,
    items: [1, 2, 3].map((n) => ({
      id: `m1b${n}`,
      number: n,
      measure: 1,
      beat: n,
      points: 1,
      x: 0.2 * n,
      onset: n - 1,
      note_ids: [`n${n}`],
    })),
    score: {
      svg: '<svg viewBox="0 0 100 50"><g id="n1" class="note"></g><g id="n2" class="note"></g><g id="n3" class="note"></g></svg>',
      width: 100,
      height: 50,
      tempo: 80,
      notes: [1, 2, 3].map((n) => ({ onset: n - 1, duration: 1, pitch: 60 + n, note_id: `n${n}` })),
    },
    rules: {
      gradable: true,
      practice: false,
      multiple_submissions: true,
      due_at: NOW + 86400,
      extension_due_at: null,
      timed_seconds: null,
      started_at: NOW,
      deadline_at: null,
      show_grade_on_date: null,
      show_answers: 'AFTER_DUE',
      can_submit: true,
      refusal: null,
      ...rules,
    },
    draft: null,
    submissions: [],
    now: NOW,
    ...rest,
  };
}

export function submission(overrides: Partial<WorkspaceSubmission> = {}): WorkspaceSubmission {
  return {
    id: 41,
    student: 7,
    document: 1,
    assignment_id: 4,
    document_title: 'Major Phrase 1 (C major)',
    student_first_name: 'Fanny',
    student_last_name: 'Mendelssohn',
    points: 2,
    max_points: 3,
    percent: 66.67,
    grade: 'D',
    submit_time: NOW + 60,
    practice: false,
    number: 1,
    grade_hidden: false,
    items: [],
    ...overrides,
  };
}

/** Stubs fetch; `answer` gives each call's status and data (an error answers 409-style with `message`). */
export function workspaceApi(answer: (call: Call) => { status: number; data?: unknown; message?: string }) {
  return fakeApi((call) => {
    const reply = answer(call);
    return reply.status < 400 ? ok(reply.data, reply.status) : fail(reply.status, reply.message ?? 'No.', 'conflict');
  });
}
