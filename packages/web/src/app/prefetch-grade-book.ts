import type { LoaderFunctionArgs } from 'react-router';
import { gradeBookQuery } from '../features/gradebook/api/get-grade-book.ts';
import { readGradeBookSettings } from '../features/gradebook/grade-book-settings.ts';
import { getAccessToken } from '../lib/cookies.ts';
import { courseSetsQuery } from '../lib/course-sets.ts';
import { courseStudentsQuery } from '../lib/course-students.ts';
import { queryClient } from '../lib/query-client.ts';

/*
 * The grade book's route loader (see prefetch.ts), in a module of its own: router.tsx imports it
 * when the grade book is opened, so its query code is not part of every page's first load (issue 15).
 */

/** The grade book: its students, sets and each student's best submissions under the address's settings. */
export function prefetchGradeBook({ params, request }: LoaderFunctionArgs) {
  const courseId = Number(params.courseId);
  if (!getAccessToken() || !Number.isInteger(courseId) || courseId <= 0) return null;
  const { includePractice } = readGradeBookSettings(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(courseStudentsQuery(courseId));
  void queryClient.prefetchQuery(courseSetsQuery(courseId));
  void queryClient.prefetchQuery(gradeBookQuery(courseId, { submissions: 'best', includePractice }));
  return null;
}
