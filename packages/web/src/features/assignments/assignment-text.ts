import type { Course } from '@app/contract/courses';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { DateFormat, formatDate } from '../../lib/format-date.ts';
import { splitTimedSeconds } from './document-settings-rules.ts';

/** Spec §9's 'YYYY-MM-DD hh:mm am/pm' in the profile's time zone. */
export function dateTimeText(epochSeconds: number, timeZone: string): string {
  return formatDate(epochSeconds, DateFormat.dateTime, currentLanguage(), timeZone);
}

/** 'Fall 2031' for the breadcrumb, or the year with a plain 'No term' while no term is chosen. */
export function termAndYear(course: Pick<Course, 'academic_term' | 'year'>, t: TFunction): string {
  return course.academic_term ? `${course.academic_term} ${course.year}` : t('courses.card.noTerm', { year: course.year });
}

/** A time limit as '1 h 30 min' in the UI language. */
export function timedDurationText(seconds: number | null, t: TFunction): string {
  const { hours, minutes } = splitTimedSeconds(seconds);
  if (hours === 0) return t('assignments.settings.durationMinutes', { minutes });
  if (minutes === 0) return t('assignments.settings.durationHours', { hours });
  return t('assignments.settings.duration', { hours, minutes });
}

/** Instructors change sets; TAs only read them (spec §6), as the server enforces. */
export const canEditAssignments = (course: Pick<Course, 'user_course_role'>) => course.user_course_role === 'instructor';

export function assignmentEditorPath(courseId: number, assignmentId: number, hash?: 'assignment_created'): string {
  return `/course/${courseId}/assignment/${assignmentId}${hash ? `#${hash}` : ''}`;
}
