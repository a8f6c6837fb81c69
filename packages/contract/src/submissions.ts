import { z } from 'zod';

export const SubmissionMessages = {
  onlyStudents: 'Only students of this course can hand in work.',
  notGradable: 'This document does not take submissions.',
  pastDue: 'The due date has passed; only practice documents accept work now.',
  alreadySubmitted: 'You have already submitted this document, and it allows only one submission.',
  wrongDocument: 'This file is not a submission for this document.',
  notSubmission: 'This file is an exercise, not a submission. Hand in the file with your answers.',
  downloadFirst: 'Press Start before handing in a timed exercise.',
  timeUp: 'The time limit for this document has passed.',
  notFound: 'This submission does not exist or you cannot see it.',
  onlyInstructors: 'Only instructors of this course can remove submissions.',
  noFile: 'Choose the .har file to hand in.',
} as const;

export const Submission = z.object({
  id: z.number().int(),
  student: z.number().int(),
  document: z.number().int(),
  assignment_id: z.number().int(),
  document_title: z.string(),
  student_first_name: z.string(),
  student_last_name: z.string(),
  /** Null while the grade is withheld from a student (delay showing grade). */
  points: z.number().nullable(),
  max_points: z.number().nullable(),
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  submit_time: z.number().int(),
  practice: z.boolean(),
  /** Which of the student's submissions of this document it is, from 1. */
  number: z.number().int(),
  grade_hidden: z.boolean(),
  /** While the grade is withheld: when it will be shown (the document's show_grade_on_date); otherwise null. */
  grade_shown_at: z.number().int().nullable().optional(),
});
export type Submission = z.infer<typeof Submission>;

/**
 * What a part-writing grade took off, for a reader who may not see its findings yet (issue 35): how
 * many findings and unfinished chords cost how many points — counts only, never which.
 */
export const PointsOff = z.object({
  findings: z.number().int(),
  finding_points: z.number(),
  unfinished: z.number().int(),
  unfinished_points: z.number(),
});
export type PointsOff = z.infer<typeof PointsOff>;

export const SubmissionFileUrls = z.object({
  grade_report_url: z.string().nullable(),
  /** Never for students. */
  har_url: z.string().nullable(),
  png_url: z.string().nullable(),
  render_status: z.enum(['PENDING', 'READY', 'FAILED']),
  /** Whether the image and report mark each label right (green) or wrong (red) for this reader. */
  marks_shown: z.boolean(),
  /** When they are not: when the answers will be shown (the due date or the student's extension), null if never. */
  answers_shown_at: z.number().int().nullable(),
  /** A part-writing grade whose findings this reader may not see yet (issue 35): what they cost. Absent otherwise. */
  points_off: PointsOff.optional(),
  /** What the image shows (issue 38): an analysis's labels marked right or wrong, or a part writing's voices (no labels). */
  exercise_type: z.enum(['analysis', 'part-writing']),
});
export type SubmissionFileUrls = z.infer<typeof SubmissionFileUrls>;

/** The grade book's cell: one (the best, or each) submission of a student for a document. */
export const GradeBookQuery = z.object({
  best: z.enum(['true', 'false']).default('false'),
  include_practice: z.enum(['true', 'false']).default('true'),
});
