import { useCallback, useEffect, useState } from 'react';
import { clearTokens, getAccessToken, getTokenExpire, markSessionTimedOut } from './cookies.ts';

export { SESSION_WARNING_SECONDS } from '@app/contract/constants';

export const SESSION_CHECK_INTERVAL_MS = 1000;

/**
 * Seconds until the access token expires: null without a token,
 * Infinity when a token exists but its expiry is unknown.
 */
export function sessionSecondsLeft(nowMs: number = Date.now()): number | null {
  if (!getAccessToken()) return null;
  const expire = getTokenExpire();
  if (expire === undefined) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil(expire - nowMs / 1000));
}

/** Ends a session that ran out: the sign-in page reads the flag and shows the inactivity notice. */
export function timeOutSession() {
  markSessionTimedOut();
  clearTokens();
}

/** The remaining session seconds, re-read from the cookies every second. */
export function useSessionSecondsLeft(): { secondsLeft: number | null; refresh: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(() => sessionSecondsLeft());
  const refresh = useCallback(() => setSecondsLeft(sessionSecondsLeft()), []);
  useEffect(() => {
    const timer = setInterval(refresh, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { secondsLeft, refresh };
}
