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
        exercise_type: 'analysis',
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

  it('does not speak of labels under a part writing’s image (issue 38), whose voices it shows', async () => {
    show({ marks_shown: true, exercise_type: 'part-writing' });
    expect(await screen.findByText('The score shows the voices as they were handed in; the grade report lists the findings.')).toBeTruthy();
    expect(screen.queryByText(/Labels in green|labels/i)).toBeNull();
    expect(screen.getByRole('img').getAttribute('alt')).toMatch(/with the voices as they were handed in$/);
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

/** Issue 35: a formal part-writing grade before its findings are shown says what they cost and when they show. */
describe('the submission view’s points off', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says how many findings and unfinished chords cost how many points, and when the details show', async () => {
    show({
      marks_shown: false,
      answers_shown_at: DUE,
      points_off: { findings: 2, finding_points: 7, unfinished: 1, unfinished_points: 1 },
    });
    expect(await screen.findByText('2 findings cost 7 points. 1 unfinished chord costs 1 point.')).toBeTruthy();
    expect(screen.getByText(/The details are shown after 2031-09-17.*, with the correct answers\./)).toBeTruthy();
    // The labels' caption is the analysis one: not said of part writing.
    expect(screen.queryByText(/Your labels are shown in black/)).toBeNull();
  });

  it('says when the details are never shown, and promises nothing when nothing cost points', async () => {
    show({
      marks_shown: false,
      answers_shown_at: null,
      points_off: { findings: 1, finding_points: 3, unfinished: 0, unfinished_points: 0 },
    });
    expect(await screen.findByText('1 finding costs 3 points.')).toBeTruthy();
    expect(screen.getByText('Your instructor has chosen not to show the details of this exercise.')).toBeTruthy();
  });

  it('with nothing found, says so', async () => {
    show({
      marks_shown: false,
      answers_shown_at: DUE,
      points_off: { findings: 0, finding_points: 0, unfinished: 0, unfinished_points: 0 },
    });
    expect(await screen.findByText('Nothing was found that costs points.')).toBeTruthy();
    expect(screen.queryByText(/The details are shown/)).toBeNull();
  });
});
