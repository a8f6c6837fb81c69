import type { Course } from '@app/contract/courses';
import type { SubmissionFileUrls } from '@app/contract/submissions';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, testSubmission } from '../../../testing/factories.ts';
import { fakeApi, ok } from '../../../testing/fake-api.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { SubmissionPage } from './submission-page.tsx';

const DUE = Date.UTC(2031, 8, 17, 14, 0) / 1000;
const course = { id: 3, title: 'Music Theory I', user_course_role: 'student' } as Course;

function show(urls: Partial<SubmissionFileUrls>) {
  const submission = testSubmission({ id: 41, document: 1, grade_hidden: false });
  fakeApi((call) => {
    if (call.url === '/api/users') return ok(currentUser());
    if (call.url === '/api/courses/3/submissions/41') return ok({ submission, siblings: [submission] });
    if (call.url === '/api/submissions/41/file-urls')
      return ok({
        grade_report_url: '/files/r',
        har_url: null,
        png_url: '/files/p.png',
        render_status: 'READY',
        marks_shown: true,
        answers_shown_at: null,
        ...urls,
      });
    return undefined;
  });
  renderRoutes(
    [
      {
        path: '/student/course/:courseId',
        element: <Outlet context={course} />,
        children: [{ path: 'submission/:submissionId', element: <SubmissionPage /> }],
      },
    ],
    '/student/course/3/submission/41',
  );
}

describe('the submission view’s caption', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('explains green and red when the image has them', async () => {
    show({ marks_shown: true });
    expect(await screen.findByText('Labels in green are correct; labels in red are wrong.')).toBeTruthy();
  });

  it('says when right and wrong will be shown while the answers are withheld', async () => {
    show({ marks_shown: false, answers_shown_at: DUE });
    expect(
      await screen.findByText(/Your labels are shown in black\. Which are correct \(green\) and wrong \(red\) is shown after 2031-09-17/),
    ).toBeTruthy();
    expect(screen.queryByText(/Labels in green/)).toBeNull();
  });

  it('says so when the document never shows them', async () => {
    show({ marks_shown: false, answers_shown_at: null });
    expect(await screen.findByText('Your labels are shown in black: this document does not show which are correct.')).toBeTruthy();
  });
});
