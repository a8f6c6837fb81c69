// The zod-free part of courses.ts (constants, messages and plain rules), which courses.ts
// re-exports: screens of the first load (the dashboard) import them here without loading zod.

/** A member's role in a course. */
export const COURSE_ROLES = ['instructor', 'ta', 'student'] as const;

/** Spec §9 and §5: the course date limits, in seconds. */
export const COURSE_MIN_LENGTH_SECONDS = 60;
export const COURSE_MAX_LENGTH_SECONDS = 365 * 24 * 3600;
export const ENROLLMENT_END_MAX_AFTER_START_SECONDS = 14 * 24 * 3600;
export const INVITATION_CODE_LENGTH = 6;
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The settings that activation freezes (spec §4). */
export const LOCKED_WHEN_ACTIVE = ['school_id', 'academic_term_id', 'payment_type', 'start_date', 'end_date'] as const;

/**
 * A new course's chord-label settings when the instructor chooses none (spec §4): the cadential
 * six-four written `V64`, the Neapolitan `N6`. Exercise authoring suggests labels with them, and
 * the analysis bench (issue 25) measures with them.
 */
export const DEFAULT_CHORD_LABEL_SETTINGS = { cadential_64: 'V', neapolitan_6: 'N' } as const;

/** How the course's chord-label settings are shown (spec §2, DESIGN §8). */
export const cadential64Label = (setting: 'I' | 'V') => (setting === 'V' ? 'V64' : 'I64');
export const neapolitan6Label = (setting: 'N' | 'II') => (setting === 'N' ? 'N6' : 'bII6');

export const CourseMessages = {
  startInPast: 'The start time cannot be set to a time in the past.',
  tooLong: 'The course duration cannot be greater than 1 year.',
  endTooEarly: 'The end date must be at least one minute after the start date.',
  enrollmentBeforeStart: 'The enrollment end date cannot be before the start date.',
  enrollmentTooLate: 'The enrollment end date cannot be later than two weeks after the start date or a third of the course length.',
  billingAgreement: 'You must agree to the billing notice to have the school pay the course fee.',
  productRequired: 'Choose a course product for a paid course.',
  productUnknown: 'This course product does not exist.',
  schoolUnknown: 'This school does not exist.',
  termUnknown: 'This academic term does not exist.',
  lockedAfterActivation: 'This setting cannot be changed after the course is activated.',
  ended: 'Course has ended.',
  notInstructor: 'You are not an instructor of this course.',
  notStudent: 'You are not a student of this course.',
  notFound: 'This course does not exist or you are not a member of it.',
  onlyInstructorsCreate: 'Only instructors can create courses.',
  alreadyActive: 'The course is already active.',
  activateNeedsSchoolAndTerm: 'Choose a school and an academic term before activating the course.',
  cannotDelete: 'Only a course in planning, or an archived course that has ended, can be deleted.',
  cannotArchive: 'An active course cannot be archived.',
  notArchived: 'The course is not archived.',
  reorderMismatch: 'The new order must list exactly your current courses.',
} as const;

/** The latest allowed enrollment end: the earlier of two weeks after the start and a third of the length. */
export function enrollmentEndLimit(start: number, end: number): number {
  return start + Math.min(ENROLLMENT_END_MAX_AFTER_START_SECONDS, Math.floor((end - start) / 3));
}

export type CourseDates = { start_date: number; end_date: number; enrollment_end_date: number };

/**
 * The §5 date rules, shared by the settings form and the server. `checkStart` is
 * false when the start date is not being changed (a running course may have started).
 */
export function courseDateErrors(dates: CourseDates, now: number, checkStart: boolean): { field: keyof CourseDates; message: string }[] {
  const errors: { field: keyof CourseDates; message: string }[] = [];
  const { start_date: start, end_date: end, enrollment_end_date: enrollmentEnd } = dates;
  if (checkStart && start < now) errors.push({ field: 'start_date', message: CourseMessages.startInPast });
  if (end < start + COURSE_MIN_LENGTH_SECONDS) errors.push({ field: 'end_date', message: CourseMessages.endTooEarly });
  else if (end > start + COURSE_MAX_LENGTH_SECONDS) errors.push({ field: 'end_date', message: CourseMessages.tooLong });
  if (enrollmentEnd < start) errors.push({ field: 'enrollment_end_date', message: CourseMessages.enrollmentBeforeStart });
  else if (end >= start && enrollmentEnd > enrollmentEndLimit(start, end)) {
    errors.push({ field: 'enrollment_end_date', message: CourseMessages.enrollmentTooLate });
  }
  return errors;
}

/** How far ahead a duplicate starts when its dialog does not say (issue 19). */
export const DUPLICATE_DEFAULT_START_SECONDS = 7 * 24 * 3600;

/** The suffix that names a duplicate, in each interface language. */
const COPY_SUFFIX: Record<string, string> = { en: ' (copy)', 'zh-hans': '（副本）', 'zh-hant': '（複本）', ko: ' (사본)' };

/** "{title} (copy)" in the given language (English for any other), cut so the whole fits the 200-character title limit. */
export function courseCopyTitle(title: string, language: string): string {
  const suffix = COPY_SUFFIX[language] ?? ' (copy)';
  return `${title.slice(0, 200 - suffix.length)}${suffix}`;
}

/** The price line of spec §4: '$ {price} USD per student ({product})'. */
export function priceText(price: string | null, product: string | null): string | null {
  return price && product ? `$ ${price} USD per student (${product})` : null;
}
