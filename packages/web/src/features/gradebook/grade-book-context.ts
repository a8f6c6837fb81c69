import type { Course } from '@app/contract/courses';
import type { Submission } from '@app/contract/submissions';
import type { LanguageCode } from '@app/contract/users';
import { useOutletContext } from 'react-router';
import type { GradeBookRow, GradeBookSet, SetMode } from './grade-book-model.ts';
import type { GradeBookSettings } from './grade-book-settings.ts';

/** What the grade book page hands its three views (overview, by student, by assignment). */
export interface GradeBookContext {
  course: Course;
  /** Column groups under the current settings. */
  sets: GradeBookSet[];
  rows: GradeBookRow[];
  settings: GradeBookSettings;
  setMode: (setId: number, mode: SetMode) => void;
  language: LanguageCode;
  timeZone: string;
  submissionPath: (submission: Pick<Submission, 'id'>) => string;
}

export function useGradeBookContext(): GradeBookContext {
  return useOutletContext<GradeBookContext>();
}

export const gradeBookPath = (courseId: number) => `/course/${courseId}/grade-book`;
