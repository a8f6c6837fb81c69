import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSubmission } from '../../../testing/factories.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { GradeBookRow, GradeBookSet } from '../grade-book-model.ts';
import { GradeBookGrid } from './grade-book-grid.tsx';

// jsdom lays nothing out; give every element a size so the virtualizers have a window to fill.
const sizes = { clientWidth: 1200, clientHeight: 800, offsetWidth: 1200, offsetHeight: 800 };
beforeAll(() => {
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const name of Object.keys(sizes)) Reflect.deleteProperty(HTMLElement.prototype, name);
});

const sets: GradeBookSet[] = [
  {
    id: 10,
    title: 'Week 1',
    mode: 'highest',
    columns: [{ id: 'doc-100', documentId: 100, setId: 10, setTitle: 'Week 1', title: 'Cadences', practice: false }],
  },
  {
    id: 20,
    title: 'Week 2',
    mode: 'all',
    columns: [{ id: 'doc-200', documentId: 200, setId: 20, setTitle: 'Week 2', title: 'Sequences', practice: true }],
  },
];

const rows: GradeBookRow[] = [
  {
    studentId: 1,
    firstName: 'Amy',
    lastName: 'Beach',
    email: 'amy@example.com',
    cells: new Map([
      [100, [testSubmission({ id: 11, document: 100, points: 3, max_points: 8, percent: 37.5, grade: 'F' })]],
      [
        200,
        [
          testSubmission({ id: 21, document: 200, points: 4, max_points: 4, percent: 100, grade: 'A', number: 2 }),
          testSubmission({ id: 22, document: 200, points: 2, max_points: 4, percent: 50, grade: 'F', number: 1 }),
        ],
      ],
    ]),
  },
  {
    studentId: 2,
    firstName: 'Florence',
    lastName: 'Price',
    email: 'florence@example.com',
    cells: new Map([[100, [testSubmission({ id: 12, document: 100, points: 8, max_points: 8, percent: 100, grade: 'A' })]]]),
  },
];

function renderGrid(onSetModeChange = vi.fn()) {
  renderWithProviders(
    <GradeBookGrid
      sets={sets}
      rows={rows}
      view="score"
      language="en"
      label="Grade book"
      onSetModeChange={onSetModeChange}
      submissionPath={(s) => `/course/1/submission/${s.id}`}
      studentPath={(id) => `/course/1/grade-book/student?student=${id}`}
    />,
  );
  return onSetModeChange;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Grade book' }))
    .getAllByRole('row')
    .slice(2);

describe('GradeBookGrid', () => {
  it('shows students down and documents across, grouped by set, each grade linking to its submission', () => {
    renderGrid();
    const table = screen.getByRole('table', { name: 'Grade book' });
    expect(within(table).getByRole('columnheader', { name: /Week 1/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Sequences/ }).textContent).toContain('Practice');
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Beach, Amy', 'Price, Florence']);
    const link = screen.getByRole('link', { name: 'Beach, Amy — Cadences, Submission #1: 3 / 8' });
    expect(link.getAttribute('href')).toBe('/course/1/submission/11');
    expect(screen.getByRole('link', { name: 'Price, Florence' }).getAttribute('href')).toBe('/course/1/grade-book/student?student=2');
  });

  it("shows every submission, most points first, in a set switched to 'All submissions'", () => {
    renderGrid();
    const [amy, florence] = bodyRows();
    expect(
      within(amy as HTMLElement)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Beach, Amy', '3 / 8', '4 / 4', '2 / 4']);
    expect(within(florence as HTMLElement).getByText('No submission')).toBeTruthy();
  });

  it('sorts by a document, highest first, and back by name', async () => {
    const user = userEvent.setup();
    renderGrid();
    await user.click(screen.getByRole('button', { name: /Cadences/ }));
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Price, Florence', 'Beach, Amy']);
    expect(screen.getByRole('columnheader', { name: /Cadences/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^Student/ }));
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Beach, Amy', 'Price, Florence']);
  });

  it('asks for the other mode of a set', async () => {
    const user = userEvent.setup();
    const onSetModeChange = renderGrid();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Submissions shown for Week 1' }), 'all');
    expect(onSetModeChange).toHaveBeenCalledWith(10, 'all');
  });
});
