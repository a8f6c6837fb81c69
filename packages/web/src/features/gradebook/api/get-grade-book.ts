import type { GradeBookCells } from '@app/contract/gradebook';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/submission-keys.ts';

export interface GradeBookRequest {
  submissions: 'best' | 'all';
  includePractice: boolean;
  /** Only these sets' documents (sorted ids); all sets when absent. */
  setIds?: readonly number[];
}

const queryOf = (request: GradeBookRequest) => {
  const params = new URLSearchParams({ submissions: request.submissions, include_practice: String(request.includePractice) });
  if (request.setIds) params.set('sets', request.setIds.join(','));
  return params.toString();
};

/** GET /api/courses/{id}/grade-book: the book's cells as columns (each student's best, or every submission). */
export function getGradeBook(courseId: number, request: GradeBookRequest, signal?: AbortSignal) {
  return api.get<GradeBookCells>(`/api/courses/${courseId}/grade-book?${queryOf(request)}`, { signal });
}

/** Query options, shared by the hook and the route's prefetch (the request starts with the route's code). */
export const gradeBookQuery = (courseId: number, request: GradeBookRequest) => ({
  queryKey: [...submissionKeys.all, 'grade-book', courseId, request] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getGradeBook(courseId, request, signal),
});

export function useGradeBook(courseId: number, request: GradeBookRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...gradeBookQuery(courseId, request), enabled: options.enabled ?? true });
}
