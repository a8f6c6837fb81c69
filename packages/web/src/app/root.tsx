import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SessionTimeout } from '../features/auth/components/session-timeout.tsx';
import { getAccessToken } from '../lib/cookies.ts';
import { accessRedirect } from './access-rule.ts';

/** The root route: applies the access rule on every navigation and watches the session. */
export function Root() {
  const location = useLocation();
  const target = accessRedirect(location, Boolean(getAccessToken()));
  if (target) return <Navigate to={target} replace />;
  return (
    <>
      <Outlet />
      <SessionTimeout />
      <ScrollRestoration />
    </>
  );
}
