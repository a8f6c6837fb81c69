import { loadSignedInTranslations } from '../i18n/index.ts';
import { currentUserQuery } from '../lib/auth.ts';
import { getAccessToken } from '../lib/cookies.ts';
import { queryClient } from '../lib/query-client.ts';

/*
 * Route loaders that start requests (issue 15). React Router runs a route's loader alongside
 * its lazy code, so a screen's data is on its way while its chunk downloads, instead of after its
 * components first render. They do not wait for the data (the signed-in one waits only for the
 * translations); the screens read the same queries (TanStack Query shares the request), and their
 * errors show where the screens show them.
 */

/**
 * Signed-in screens: GET /api/users (header, sidebar, dashboard), and the rest of the page's
 * translations, which this loader waits for (alongside the screen's code) so that no screen renders
 * before its words have arrived (i18n/tiers.ts). Without a token the root sends the visitor to
 * sign-in, which needs neither.
 */
export async function prefetchSignedIn() {
  if (!getAccessToken()) return null;
  void queryClient.prefetchQuery(currentUserQuery);
  await loadSignedInTranslations();
  return null;
}
