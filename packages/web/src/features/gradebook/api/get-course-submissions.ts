import type { Submission } from '@app/contract/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SubmissionListOptions, submissionKeys, submissionListQuery } from '../../../lib/submission-keys.ts';

/** GET /api/courses/{id}/submissions: every student's submissions (or each one's highest), most points first. */
export function getCourseSubmissions(courseId: number, options: SubmissionListOptions, signal?: AbortSignal) {
  return api.get<Submission[]>(`/api/courses/${courseId}/submissions?${submissionListQuery(options)}`, { signal });
}

export function useCourseSubmissions(courseId: number, options: SubmissionListOptions) {
  return useQuery({
    queryKey: submissionKeys.course(courseId, options),
    queryFn: ({ signal }) => getCourseSubmissions(courseId, options, signal),
  });
}
