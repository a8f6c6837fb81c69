import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemovedAnalysisNotice } from './removed-analysis-notice.tsx';

describe('RemovedAnalysisNotice (issue 26)', () => {
  it('lists what each uploaded score’s student copy leaves out, with examples', () => {
    render(
      <RemovedAnalysisNotice
        documents={[
          {
            title: 'Chorale 1',
            removed: [
              { kind: 'lyric', count: 12, examples: ['Ach', 'Gott'] },
              { kind: 'harmony', count: 1, examples: [''] },
            ],
          },
          { title: 'Plain', removed: [] },
        ]}
      />,
    );
    const notice = screen.getByText('Left out of the students’ copy').parentElement as HTMLElement;
    expect(within(notice).getByText('In Chorale 1')).toBeTruthy();
    const items = within(notice)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['12 lyrics: “Ach”, “Gott”', '1 chord symbol']);
    expect(within(notice).queryByText(/Plain/)).toBeNull();
    expect(within(notice).getByText(/^The score has analysis written into it\./)).toBeTruthy();
  });

  it('says lyrics, not analysis, when lyrics are all it leaves out (issue 38)', () => {
    render(<RemovedAnalysisNotice documents={[{ removed: [{ kind: 'lyric', count: 52, examples: ['Wach'] }] }]} />);
    expect(screen.getByText(/^The score has lyrics in it\./)).toBeTruthy();
    expect(screen.queryByText(/analysis/)).toBeNull();
  });

  it('shows nothing when nothing was left out', () => {
    const { container } = render(<RemovedAnalysisNotice documents={[{ removed: [] }]} />);
    expect(container.textContent).toBe('');
  });
});
