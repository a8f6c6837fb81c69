import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/index.ts';
import type { AnswerField } from '../../lib/answer-fields.ts';
import { ChordKeyField, type ChordKeyPosition, useProblemsText } from './chord-key-field.tsx';

function Harness({ position, skippable = true }: { position: ChordKeyPosition; skippable?: boolean }) {
  const [field, setField] = useState<AnswerField>({ answers: 'V', points: '1', skipped: false, touched: false });
  return (
    <ChordKeyField
      position={position}
      field={field}
      problem={undefined}
      skippable={skippable}
      onChange={(patch) => setField((current) => ({ ...current, ...patch, touched: true }))}
    />
  );
}

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe("one chord's answer group in the answer editors", () => {
  // jsdom has no ResizeObserver; Radix's popover positioning asks for one.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the measure and beat as the score prints them (a pickup is measure 0), and marks a suggestion', () => {
    // A one-beat pickup in 4/4: beat 1 of its short bar, beat 4 as the printed bar counts.
    render(<Harness position={{ number: 1, measure: 0, measure_label: '0', beat: 1, beat_label: 4, suggestion: 'V' }} />);
    const answer = screen.getByRole('textbox', { name: 'Answer for chord 1' });
    expect(description(answer)).toBe('Measure 0, beat 4. Suggested');
    expect(screen.getByText('Suggested', { exact: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 pt, points and options of chord 1, Measure 0, beat 4' }).textContent).toContain('1 pt');
    // Points and Skip wait in the popover: the group under the chord stays one field wide.
    expect(screen.queryByRole('spinbutton', { name: 'Points for chord 1' })).toBeNull();
  });

  it('prefers the score’s own measure text (7a)', () => {
    render(<Harness position={{ number: 12, measure: 7, measure_label: '7a', beat: 1, suggestion: null }} />);
    expect(description(screen.getByRole('textbox', { name: 'Answer for chord 12' }))).toBe('Measure 7a, beat 1');
    expect(screen.queryByText('Suggested', { exact: true })).toBeNull();
  });

  it('opens points, Skip and the suggestion in a popover; Escape closes it; skipping shows on the button', async () => {
    render(<Harness position={{ number: 3, measure: 2, beat: 1, suggestion: 'I6' }} />);
    await userEvent.click(screen.getByRole('button', { name: /points and options of chord 3,/ }));
    const points = await screen.findByRole('spinbutton', { name: 'Points for chord 3' });
    expect(screen.getByText('Chord 3 · Measure 2, beat 1')).toBeTruthy();
    expect(screen.getByText('Suggested by the analysis: I6')).toBeTruthy();
    await userEvent.clear(points);
    await userEvent.type(points, '2');
    expect(screen.getByRole('button', { name: /points and options of chord 3,/ }).textContent).toContain('2 pt');
    // An edit is the author's: the Suggested mark goes.
    expect(screen.queryByText('Suggested', { exact: true })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Skip chord 3' }));
    expect(screen.getByRole('textbox', { name: 'Answer for chord 3' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('spinbutton', { name: 'Points for chord 3' })).toBeNull();
    expect(screen.getByRole('button', { name: /points and options of chord 3,/ }).textContent).toContain('Skipped');
  });

  it('has no Skip for a key already in use', async () => {
    render(<Harness position={{ number: 1, measure: 1, beat: 1 }} skippable={false} />);
    await userEvent.click(screen.getByRole('button', { name: /points and options of chord 1,/ }));
    expect(await screen.findByRole('spinbutton', { name: 'Points for chord 1' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

// QA Q1: a refused save names the chords, not only how many there are.
describe('useProblemsText', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  const at = (number: number, measure: number, beat: number, extra: Partial<ChordKeyPosition> = {}): ChordKeyPosition => ({
    number,
    measure,
    beat,
    ...extra,
  });
  const text = (problems: ChordKeyPosition[]) => renderHook(() => useProblemsText()).result.current(problems);

  it('names one chord with its measure and beat as the score prints them', () => {
    expect(text([at(5, 2, 3)])).toBe('Chord 5 (measure 2, beat 3) needs a valid answer or points.');
    expect(text([at(1, 0, 1, { measure_label: '0', beat_label: 4 })])).toBe('Chord 1 (measure 0, beat 4) needs a valid answer or points.');
  });

  it('names up to four, then the first three and how many more, in the reader’s language', async () => {
    expect(text([at(5, 2, 3), at(9, 3, 1)])).toBe(
      '2 chords need a valid answer or points: chord 5 (measure 2, beat 3) and chord 9 (measure 3, beat 1).',
    );
    const six = [at(5, 2, 3), at(9, 3, 1), at(12, 4, 2), at(20, 6, 1), at(30, 8, 2), at(31, 8, 3)];
    expect(text(six)).toBe(
      '6 chords need a valid answer or points: chord 5 (measure 2, beat 3), chord 9 (measure 3, beat 1), chord 12 (measure 4, beat 2), and 3 more.',
    );
    await changeLanguage('ko');
    expect(text([at(5, 2, 3)])).toBe('5번째 화음(2마디 3박)에 올바른 답이나 점수가 필요합니다.');
    await changeLanguage('zh-hans');
    expect(text(six)).toContain('有 6 个和弦需要有效的答案或分数：第 5 个和弦（第 2 小节，第 3 拍）');
    expect(text(six)).toContain('另外 3 个');
  });
});
