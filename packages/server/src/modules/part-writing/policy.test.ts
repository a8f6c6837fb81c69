import { describe, expect, it } from 'vitest';
import { type RateWindow, takeCheck } from './policy.ts';

describe('takeCheck', () => {
  it('allows the limit in a window, refuses the next, and opens a new window after it', () => {
    const windows = new Map<number, RateWindow>();
    expect([1, 2, 3].map(() => takeCheck(windows, 7, 1000, 3))).toEqual([true, true, true]);
    expect(takeCheck(windows, 7, 1059, 3)).toBe(false);
    expect(takeCheck(windows, 8, 1059, 3)).toBe(true);
    expect(takeCheck(windows, 7, 1060, 3)).toBe(true);
  });
});
