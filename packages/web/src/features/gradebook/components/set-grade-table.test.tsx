import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSubmission } from '../../../testing/factories.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SetGradeTable } from './set-grade-table.tsx';

const documents = [
  { documentId: 1, title: 'Cadences', practice: false },
  { documentId: 2, title: 'Sequences', practice: true },
  { documentId: 3, title: 'Modulation', practice: false },
];

describe('SetGradeTable (student grade book)', () => {
  it('shows the best submission of each document with its grade, time in the profile zone and a View link', () => {
    const cells = new Map([
      [
        1,
        [
          testSubmission({
            id: 5,
            points: 7,
            max_points: 8,
            percent: 87.5,
            grade: 'B+',
            submit_time: Date.UTC(2031, 8, 10, 14, 30) / 1000,
          }),
        ],
      ],
      [2, [testSubmission({ id: 6, grade_hidden: true, points: null, max_points: null, percent: null, grade: null })]],
    ]);
    renderWithProviders(
      <SetGradeTable
        title="Week 1"
        documents={documents}
        cells={cells}
        mode="highest"
        language="en"
        timeZone="Asia/Seoul"
        submissionPath={(s) => `/student/course/1/submission/${s.id}`}
      />,
    );
    const table = screen.getByRole('table', { name: 'Week 1' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7 / 8', '87.5%', 'B+', '2031-09-10 11:30 PM', 'View']);
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'View Cadences, Submission #1' })
        .getAttribute('href'),
    ).toBe('/student/course/1/submission/5');
    expect(within(second as HTMLElement).getByText('Grade not released yet')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Practice')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Not submitted yet')).toBeTruthy();
  });

  it('says when a withheld grade will be shown, in the profile time zone', () => {
    const shownAt = Date.UTC(2031, 9, 1, 15, 0) / 1000;
    renderWithProviders(
      <SetGradeTable
        title="Week 2"
        documents={[{ documentId: 1, title: 'Cadences', practice: false, gradeShownAt: shownAt }]}
        cells={new Map([[1, [testSubmission({ id: 7, grade_hidden: true, points: null, max_points: null, percent: null, grade: null })]]])}
        mode="highest"
        language="en"
        timeZone="America/New_York"
        submissionPath={(s) => `/student/course/1/submission/${s.id}`}
      />,
    );
    expect(screen.getByText('Grade will be shown on 2031-10-01 11:00 AM')).toBeTruthy();
  });
});
