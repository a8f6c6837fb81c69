import type { CourseRole } from '@app/contract/courses';
import type { CoursePerson, CourseRef, EnrollmentStatus } from '@app/contract/people';
import type { LanguageCode } from '@app/contract/users';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { DateFormat, formatDate } from '../../../lib/format-date.ts';

/** A course's period as two YYYY-MM-DD dates in the profile's time zone, as on the course card. */
export function courseDates(course: Pick<CourseRef, 'start_date' | 'end_date'>, language: LanguageCode, timeZone: string): string {
  const day = (epoch: number) => formatDate(epoch, DateFormat.date, language, timeZone);
  return `${day(course.start_date)} – ${day(course.end_date)}`;
}

export const personName = (person: Pick<CoursePerson, 'first_name' | 'last_name'>) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

/** Spec §3: a REJECTED request is displayed as DECLINED. */
export const REQUEST_STATUS_TONE: Record<EnrollmentStatus, BadgeTone> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'ending',
  CANCELLED: 'neutral',
};

/** The roles in the order the people page lists them (spec §2: instructors, TAs, students). */
export const ROLES_IN_ORDER: readonly CourseRole[] = ['instructor', 'ta', 'student'];
