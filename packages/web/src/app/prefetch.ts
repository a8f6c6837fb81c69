import type { LoaderFunctionArgs } from 'react-router';
import { gradeBookQuery } from '../features/gradebook/api/get-grade-book.ts';
import { readGradeBookSettings } from '../features/gradebook/grade-book-settings.ts';
import { currentUserQuery } from '../lib/auth.ts';
import { getAccessToken } from '../lib/cookies.ts';
import { courseSetsQuery } from '../lib/course-sets.ts';
import { courseStudentsQuery } from '../lib/course-students.ts';
import { queryClient } from '../lib/query-client.ts';

/*
 * Route loaders that only start requests (issue 15). React Router runs a route's loader alongside
 * its lazy code, so a screen's data is on its way while its chunk downloads, instead of after its
 * components first render. They return at once; the screens read the same queries (TanStack Query
 * shares the request), and their errors show where the screens show them.
 */

/** Signed-in screens: GET /api/users (header, sidebar, dashboard). */
export function prefetchSignedIn() {
  if (getAccessToken()) void queryClient.prefetchQuery(currentUserQuery);
  return null;
}

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
