import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { getAccessToken } from '../lib/cookies.ts';
import { accessRedirect } from './access-rule.ts';

/**
 * The root route: applies the access rule on every navigation. The session watcher lives in the
 * signed-in layout (app-layout.tsx): only there can a session time out, and a signed-out page's
 * first load need not carry it (issue 15).
 */
export function Root() {
  const location = useLocation();
  const target = accessRedirect(location, Boolean(getAccessToken()));
  if (target) return <Navigate to={target} replace />;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
