import { z } from 'zod';

/**
 * GET /api/courses/{id}/grade-book (issue 15): the grade book in one compact body. Cells are
 * columns — the i-th entry of each array belongs to the i-th cell — and name students and documents
 * by id only (the web app has their names from the students and sets lists), so no name or title
 * is repeated 200,000 times.
 */
export const GradeBookRequestQuery = z.object({
  /** 'best': each student's highest submission per document; 'all': every submission. */
  submissions: z.enum(['best', 'all']).default('best'),
  include_practice: z.enum(['true', 'false']).default('true'),
  /** Only the documents of these sets (comma-separated ids), e.g. the sets shown with all submissions. */
  sets: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){0,199}$/, { message: 'sets must be a comma-separated list of ids.' })
    .optional(),
});
export type GradeBookRequestQuery = z.infer<typeof GradeBookRequestQuery>;

export const GradeBookCells = z.object({
  /** Per cell, ordered by student and document (a document's several submissions in any order). */
  student: z.array(z.number().int()),
  document: z.array(z.number().int()),
  /** The submission's id (for its page). */
  id: z.array(z.number().int()),
  points: z.array(z.number()),
  max_points: z.array(z.number()),
  percent: z.array(z.number()),
  grade: z.array(z.string()),
  submit_time: z.array(z.number().int()),
  /** Which of the student's submissions of the document it is, from 1. */
  number: z.array(z.number().int()),
  /** 1 when handed in as practice. */
  practice: z.array(z.number().int()),
});
export type GradeBookCells = z.infer<typeof GradeBookCells>;
