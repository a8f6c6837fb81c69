import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionTimedOut, clearTokens, getAccessToken, hasSessionTimedOut, setTokens } from '../../../lib/cookies.ts';
import { SessionTimeout } from './session-timeout.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <p>sign-in page</p> },
      { path: '/sign-out', element: <p>sign-out page</p> },
      { path: '*', element: <SessionTimeout /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('SessionTimeout', () => {
  // The dialog's code is fetched on demand; here it is at hand, so one async act shows it.
  beforeAll(async () => {
    await import('../../../components/ui/modal.tsx');
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });

  afterEach(() => {
    clearTokens();
    clearSessionTimedOut();
    vi.useRealTimers();
  });

  it('stays quiet while more than 60 seconds remain', () => {
    setTokens('token', nowSeconds() + 120);
    renderAt('/my-profile');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts down in a Session Timeout dialog from 60 seconds', async () => {
    setTokens('token', nowSeconds() + 90);
    renderAt('/my-profile');
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('dialog', { name: 'Session Timeout' })).toBeTruthy();
    expect(screen.getByText('60 seconds')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByText('55 seconds')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('at expiry clears the tokens, sets the timed-out flag and goes to sign-in with the path', () => {
    setTokens('token', nowSeconds() + 5);
    const router = renderAt('/course/4/people?x=1');
    act(() => vi.advanceTimersByTime(1_000));
    act(() => vi.advanceTimersByTime(5_000));
    expect(getAccessToken()).toBeUndefined();
    expect(hasSessionTimedOut()).toBe(true);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?redirect=%2Fcourse%2F4%2Fpeople%3Fx%3D1');
  });

  it('gives / no redirect parameter at expiry, as the access rule does (spec §2, issue 16)', () => {
    setTokens('token', nowSeconds() + 2);
    const router = renderAt('/');
    act(() => vi.advanceTimersByTime(1_000));
    act(() => vi.advanceTimersByTime(2_000));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('');
    expect(hasSessionTimedOut()).toBe(true);
  });

  it('does not claim a time-out for a visitor who never had a session', () => {
    renderAt('/my-profile');
    act(() => vi.advanceTimersByTime(3_000));
    expect(hasSessionTimedOut()).toBe(false);
  });
});
