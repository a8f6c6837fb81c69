/**
 * Query keys of everything built from submissions: the grade books (gradebook feature) and the
 * submission view (submissions feature). They share the 'submissions' prefix, so removing a
 * submission refreshes every list that showed it without one feature importing the other.
 */
export interface SubmissionListOptions {
  /** Only each student's highest submission per document (computed by the server). */
  best: boolean;
  includePractice: boolean;
}

export const submissionKeys = {
  all: ['submissions'] as const,
  course: (courseId: number, options: SubmissionListOptions) => ['submissions', 'course', courseId, options] as const,
  set: (setId: number, options: SubmissionListOptions) => ['submissions', 'set', setId, options] as const,
  student: (courseId: number, userId: number, options: SubmissionListOptions) =>
    ['submissions', 'student', courseId, userId, options] as const,
  one: (courseId: number, submissionId: number) => ['submissions', 'one', courseId, submissionId] as const,
  files: (submissionId: number) => ['submissions', 'files', submissionId] as const,
  report: (submissionId: number) => ['submissions', 'report', submissionId] as const,
};

/** The query string of the list calls: `?best=true&include_practice=false`. */
export function submissionListQuery(options: SubmissionListOptions): string {
  return new URLSearchParams({ best: String(options.best), include_practice: String(options.includePractice) }).toString();
}
