import type { GradingSettings } from '@app/har/grade';
import type { CourseRow } from '../../db/schema.ts';

/**
 * The course's spelling of the cadential six-four and the Neapolitan sixth (spec §4), as the
 * grader reads it: the one place the grading settings are made from a course row.
 */
export function gradingSettings(course: Pick<CourseRow, 'cadential_64' | 'neapolitan_6'>): GradingSettings {
  return { cadential64: course.cadential_64, neapolitan6: course.neapolitan_6 };
}
