import { bundles, tiersNeeded } from '../i18n/bundles.ts';
import { initialLanguage } from '../i18n/language.ts';
import { getAccessToken } from '../lib/cookies.ts';
import { startEarlyGet, wantedLastTime } from '../lib/early-requests.ts';
import { isPublicPath } from '../lib/redirect.ts';

/** A chunk started early: its failure is seen by whoever imports it again (the router, i18n), which may retry. */
function warm(load: () => Promise<unknown>) {
  load().catch(() => undefined);
}

/**
 * What the first screen needs, started by the entry before the app's code has arrived (issue 15,
 * decision 045): the entry is a few KB and the app (React, the router, i18next) downloads beside it,
 * so these leave with the first script instead of after the app has downloaded and run.
 *
 * - Every page: the first tier of its language (and its messages where the page shows them);
 *   /sign-in, the first screen of a signed-out visit, its code.
 * - A signed-in page (a token, a path that is not public): GET /api/users, the rest of the
 *   language, the signed-in layout's code, and the dashboard's on `/` (elsewhere the signed-in
 *   route table, which names the screen's code); on `/` also GET /api/due-soon when the dashboard
 *   asked for it on its last visit in this browser (a student's: `wantedLastTime`).
 *
 * Each is the same request the app makes later (the same `import()`, the same GET, which
 * api-client hands to the first call that asks for it), so nothing is fetched twice, and what the
 * app does with the answers is unchanged.
 */
export function startFirstRequests(pathname: string) {
  const language = initialLanguage();
  const signedIn = !isPublicPath(pathname) && Boolean(getAccessToken());
  for (const tier of tiersNeeded(language, signedIn)) warm(bundles[language][tier]);
  if (!signedIn) {
    if (pathname === '/sign-in') warm(() => import('../features/auth/routes/sign-in.tsx'));
    return;
  }
  startEarlyGet('/api/users');
  warm(() => import('./layout/app-layout.tsx'));
  if (pathname === '/') {
    warm(() => import('./routes/dashboard.tsx'));
    // A student's dashboard lists what is due soon: asked with /api/users when it was asked last time.
    if (wantedLastTime('/api/due-soon')) startEarlyGet('/api/due-soon');
  } else warm(() => import('./signed-in-routes.tsx'));
}
