import { z } from 'zod';
import { DUE_SOON_DEFAULT_DAYS } from './constants.ts';

/**
 * A student's "Due soon" list on the dashboard (issue 30): across their courses, the exercises
 * due in the next days, and those past due that still take a hand-in, with where they stand.
 */

export { DUE_SOON_DEFAULT_DAYS };
export const DUE_SOON_MAX_DAYS = 60;

export const DueSoonMessages = {
  days: `Days must be a whole number from 1 to ${DUE_SOON_MAX_DAYS}.`,
} as const;

/** `GET /api/due-soon?days=15`: how many days ahead to look (overdue work is always listed). */
export const DueSoonQuery = z.object({
  days: z.coerce
    .number({ error: DueSoonMessages.days })
    .int({ error: DueSoonMessages.days })
    .min(1, { error: DueSoonMessages.days })
    .max(DUE_SOON_MAX_DAYS, { error: DueSoonMessages.days })
    .default(DUE_SOON_DEFAULT_DAYS),
});
export type DueSoonQuery = z.infer<typeof DueSoonQuery>;

/**
 * Where the student stands: nothing yet, a saved draft, handed in, or a timed exercise whose
 * clock runs (or ran out) without a hand-in.
 */
export const DueState = z.enum(['not_started', 'in_progress', 'submitted', 'time_limit']);
export type DueState = z.infer<typeof DueState>;

export const DueItem = z.object({
  document_id: z.number().int(),
  document_title: z.string(),
  set_id: z.number().int(),
  set_title: z.string(),
  course_id: z.number().int(),
  course_title: z.string(),
  /** The due date that applies to this student: their extension when it is later than the set's. */
  due_at: z.number().int(),
  /** True when `due_at` is the student's extension. */
  extended: z.boolean(),
  /** True when `due_at` has passed (the exercise still takes a hand-in). */
  overdue: z.boolean(),
  state: DueState,
  practice: z.boolean(),
  /** The time limit of a timed exercise in seconds, else null. */
  timed_seconds: z.number().int().nullable(),
  /** When a started timed exercise's time runs out, else null. */
  deadline_at: z.number().int().nullable(),
  /** When the draft was last saved (state in_progress), else null. */
  saved_at: z.number().int().nullable(),
});
export type DueItem = z.infer<typeof DueItem>;

/**
 * The list, soonest due first, with the server's clock (the browser counts against it), and `next`:
 * the soonest exercise due after those days that nothing was handed in for yet (issue 38), or null.
 */
export const DueSoon = z.object({ items: z.array(DueItem), next: DueItem.nullable(), now: z.number().int(), days: z.number().int() });
export type DueSoon = z.infer<typeof DueSoon>;
