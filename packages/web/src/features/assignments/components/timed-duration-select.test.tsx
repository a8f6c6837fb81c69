import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimedDurationSelect } from './timed-duration-select.tsx';

function Harness({ initial, onChange }: { initial: number | null; onChange: (seconds: number) => void }) {
  const [seconds, setSeconds] = useState(initial);
  return (
    <TimedDurationSelect
      title="Cadences"
      seconds={seconds}
      onChange={(next) => {
        onChange(next);
        setSeconds(next);
      }}
    />
  );
}

const hours = () => screen.getByRole('combobox', { name: 'Hours for Cadences' }) as HTMLSelectElement;
const minutes = () => screen.getByRole('combobox', { name: 'Minutes for Cadences' }) as HTMLSelectElement;
const minuteChoices = () => Array.from(minutes().options).map((option) => Number(option.value));

describe('TimedDurationSelect', () => {
  it('shows an empty limit as 0 h 30 min, with the minutes spec §5 allows at 0 hours', () => {
    render(<Harness initial={null} onChange={() => undefined} />);
    expect(hours().value).toBe('0');
    expect(minutes().value).toBe('30');
    expect(Array.from(hours().options).map((option) => option.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(minuteChoices()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('offers steps of 5 above 0 hours and only 0 at 8 hours', () => {
    const onChange = vi.fn();
    render(<Harness initial={1800} onChange={onChange} />);
    fireEvent.change(hours(), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(2 * 3600 + 30 * 60);
    expect(minuteChoices()).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    fireEvent.change(minutes(), { target: { value: '45' } });
    expect(onChange).toHaveBeenLastCalledWith(2 * 3600 + 45 * 60);
    fireEvent.change(hours(), { target: { value: '8' } });
    expect(onChange).toHaveBeenLastCalledWith(8 * 3600);
    expect(minuteChoices()).toEqual([0]);
  });

  it('never lets both be zero: going back to 0 hours from a whole hour gives 1 minute', () => {
    const onChange = vi.fn();
    render(<Harness initial={3 * 3600} onChange={onChange} />);
    expect(minutes().value).toBe('0');
    fireEvent.change(hours(), { target: { value: '0' } });
    expect(onChange).toHaveBeenLastCalledWith(60);
    expect(minutes().value).toBe('1');
  });
});
