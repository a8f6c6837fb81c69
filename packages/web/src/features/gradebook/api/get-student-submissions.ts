import type { Submission } from '@app/contract/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type SubmissionListOptions, submissionKeys, submissionListQuery } from '../../../lib/submission-keys.ts';

/** GET /api/user/{userId}/courses/{courseId}/submissions: one student's submissions in a course. */
export function getStudentSubmissions(userId: number, courseId: number, options: SubmissionListOptions, signal?: AbortSignal) {
  return api.get<Submission[]>(`/api/user/${userId}/courses/${courseId}/submissions?${submissionListQuery(options)}`, { signal });
}

export function useStudentSubmissions(userId: number | undefined, courseId: number, options: SubmissionListOptions) {
  return useQuery({
    queryKey: submissionKeys.student(courseId, userId ?? 0, options),
    queryFn: ({ signal }) => getStudentSubmissions(userId ?? 0, courseId, options, signal),
    enabled: userId !== undefined,
  });
}
