import { type CourseDocument, DEFAULT_TIMED_SECONDS, TIMED_MAX_HOURS, timedMinuteChoices } from '@app/contract/assignments';

type Settings = Pick<CourseDocument, 'gradable' | 'practice' | 'delay_showing_grade' | 'timed'>;

/** Which options the settings panel shows for a document. */
export interface VisibleDocumentSettings {
  practice: boolean;
  incrementalGrading: boolean;
  multipleSubmissions: boolean;
  delayShowingGrade: boolean;
  showGradeOnDate: boolean;
  timed: boolean;
  timedDuration: boolean;
}

/**
 * Spec §4 exactly: only gradable documents show the options; practice mode shows Incremental
 * Grading and hides Allow Multiple Submission, the delayed grade and the time limit, which
 * non-practice documents show. The date and the duration appear once their option is on.
 */
export function visibleDocumentSettings(doc: Settings): VisibleDocumentSettings {
  const gradable = doc.gradable;
  const practice = gradable && doc.practice;
  const graded = gradable && !doc.practice;
  return {
    practice: gradable,
    incrementalGrading: practice,
    multipleSubmissions: graded,
    delayShowingGrade: graded,
    showGradeOnDate: graded && doc.delay_showing_grade,
    timed: graded,
    timedDuration: graded && doc.timed,
  };
}

export const TIMED_HOUR_CHOICES = Array.from({ length: TIMED_MAX_HOURS + 1 }, (_, hours) => hours);

/** A stored limit as the two selects show it; an empty one shows the default 30 minutes. */
export function splitTimedSeconds(seconds: number | null): { hours: number; minutes: number } {
  const value = seconds ?? DEFAULT_TIMED_SECONDS;
  return { hours: Math.min(Math.floor(value / 3600), TIMED_MAX_HOURS), minutes: Math.floor((value % 3600) / 60) };
}

/**
 * The limit after choosing `hours`: the minutes stay when that hour allows them, else move to the
 * nearest allowed choice (at 0 h that is never 0: the limit is never zero, spec §5).
 */
export function timedSecondsFor(hours: number, minutes: number): number {
  const choices = timedMinuteChoices(hours);
  const nearest = choices.reduce((best, choice) => (Math.abs(choice - minutes) < Math.abs(best - minutes) ? choice : best));
  return hours * 3600 + nearest * 60;
}
