import {
  ASSIGNMENT_DATE_MARGIN_SECONDS,
  ASSIGNMENT_MIN_GAP_SECONDS,
  type AssignmentSet,
  assignmentDateErrors,
  EXTENSION_MAX_AFTER_END_SECONDS,
} from '@app/contract/assignments';
import type { Course } from '@app/contract/courses';

export type AssignmentDateField = 'released_at' | 'due_at';
type SetDates = Pick<AssignmentSet, 'released_at' | 'due_at'>;
type CoursePeriod = Pick<Course, 'start_date' | 'end_date'>;

/** Why a date outside the course period needs a yes from the instructor (spec §5); the dialog title follows it. */
export type DateConfirmation = 'assignedBeforeStart' | 'assignedAfterEnd' | 'dueBeforeStart' | 'dueAfterEnd';

export type AssignmentDateCheck =
  | { kind: 'ok'; value: number }
  | { kind: 'confirm'; value: number; reason: DateConfirmation }
  | { kind: 'invalid'; message: string };

/**
 * The range a date picker offers (spec §5): one year before the course start to one year after its
 * end, and the assigned date more than 60 s before the due date (the due date more than 60 s after it).
 */
export function assignmentDateLimits(field: AssignmentDateField, set: SetDates, course: CoursePeriod): { min: number; max: number } {
  const low = course.start_date - ASSIGNMENT_DATE_MARGIN_SECONDS;
  const high = course.end_date + ASSIGNMENT_DATE_MARGIN_SECONDS;
  return field === 'released_at'
    ? { min: low, max: Math.min(high, set.due_at - ASSIGNMENT_MIN_GAP_SECONDS - 1) }
    : { min: Math.max(low, set.released_at + ASSIGNMENT_MIN_GAP_SECONDS + 1), max: high };
}

/**
 * What to do with a new assigned or due date: clamped to a year around the course (spec §5), then
 * refused when it breaks the 60-second gap, confirmed when it lies outside the course period, else saved.
 */
export function checkAssignmentDate(field: AssignmentDateField, value: number, set: SetDates, course: CoursePeriod): AssignmentDateCheck {
  const clamped = Math.min(
    Math.max(value, course.start_date - ASSIGNMENT_DATE_MARGIN_SECONDS),
    course.end_date + ASSIGNMENT_DATE_MARGIN_SECONDS,
  );
  const next = { ...set, [field]: clamped };
  const error = assignmentDateErrors(next, course)[0];
  if (error) return { kind: 'invalid', message: error.message };
  const prefix = field === 'released_at' ? 'assigned' : 'due';
  if (clamped < course.start_date) return { kind: 'confirm', value: clamped, reason: `${prefix}BeforeStart` };
  if (clamped > course.end_date) return { kind: 'confirm', value: clamped, reason: `${prefix}AfterEnd` };
  return { kind: 'ok', value: clamped };
}

/** Spec §5: an extension runs from the set's due date to six months after the course end. */
export function extensionLimits(set: Pick<AssignmentSet, 'due_at'>, course: Pick<Course, 'end_date'>) {
  return { min: set.due_at, max: course.end_date + EXTENSION_MAX_AFTER_END_SECONDS };
}

/** Spec §5: grades shown late appear between the due date and the course end. */
export function delayGradeLimits(set: Pick<AssignmentSet, 'due_at'>, course: Pick<Course, 'end_date'>) {
  return { min: set.due_at, max: Math.max(set.due_at, course.end_date) };
}
