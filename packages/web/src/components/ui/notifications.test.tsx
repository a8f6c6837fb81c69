import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, getNotifications, notify } from '../../lib/notifications.ts';
import { Notifications, toastLift } from './notifications.tsx';

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Notifications />);
  });

  afterEach(() => {
    act(() => clearNotifications());
    vi.useRealTimers();
  });

  it('shows a success toast headed Success', () => {
    act(() => {
      notify({ severity: 'success', message: 'Course deleted.' });
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Success');
    expect(toast.textContent).toContain('Course deleted.');
    expect(toast.getAttribute('data-severity')).toBe('success');
  });

  it('heads every other severity with Error', () => {
    act(() => {
      notify({ severity: 'warning', message: 'w' });
      notify({ severity: 'info', message: 'i' });
      notify({ severity: 'error', message: 'e' });
    });
    const headings = screen.getAllByRole('status').map((toast) => toast.querySelector('p')?.textContent);
    expect(headings).toEqual(['Error', 'Error', 'Error']);
  });

  it('closes after 5000 ms by default and is removed 200 ms after the slide-out', () => {
    act(() => {
      notify({ severity: 'info', message: 'Hello' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('closed');
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(getNotifications()).toHaveLength(0);
  });

  it('honours a custom timeout', () => {
    act(() => {
      notify({ severity: 'error', message: 'Quick', timeout: 1000 });
    });
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(201));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never closes by itself with a negative timeout, but the user can dismiss it', () => {
    act(() => {
      notify({ severity: 'warning', message: 'Sticky', timeout: -1 });
    });
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('rises above a Submit bar or result card in the lower half of the window, wherever it is (issue 38)', () => {
    const at = (top: number, bottom: number) => ({ getBoundingClientRect: () => ({ top, bottom, height: bottom - top }) }) as Element;
    // The Submit bar in flow 300 px above the bottom with the result card under it (a laptop after a hand-in).
    expect(toastLift([at(560, 620), at(640, 900)], 900)).toBe(340);
    // Sticky at the bottom: just its height.
    expect(toastLift([at(812, 900)], 900)).toBe(88);
    // Scrolled out of view, or in the upper half only: no lift.
    expect(toastLift([at(-200, -100), at(100, 300)], 900)).toBe(0);
    // A card that fills the screen: the toast cannot clear it; the stylesheet's lift stands.
    expect(toastLift([at(150, 1400)], 800)).toBeNull();
  });
});
