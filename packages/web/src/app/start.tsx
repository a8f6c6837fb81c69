import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadInitialLanguages } from '../i18n/index.ts';
import { isPublicPath } from '../lib/redirect.ts';
import { prefetchSignedIn } from './prefetch.ts';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';
import '../styles/global.css';

/*
 * The app: React, the router and i18next, loaded by the entry (main.tsx) beside the first screen's
 * requests, and preloaded by index.html so it downloads from the start (decision 045).
 */

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The page's language first (its own small chunk), so the first render is already translated.
// A promise, not a top-level await: Rolldown turns off its common-chunk merging when any module
// awaits at top level, and the first load would be some 30 tiny files instead of a few (issue 15).
const languages = loadInitialLanguages();
// A signed-in page: its data and the rest of its language into the query cache and i18next (the
// entry started the requests). The first render does not wait for them.
if (!isPublicPath(window.location.pathname)) void prefetchSignedIn();

/** How long the first render waits for the first screen before it shows the loading screen instead. */
const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Resolves when the router has the first screen's code and what its loaders wait for (its
 * translations), or after FIRST_SCREEN_WAIT_MS. The entry started them beside this chunk, so they
 * are usually here: the page then renders once, instead of the loading screen first and the
 * screen a moment later (two renders and two layouts on a slow phone). The header drawn by
 * index.html shows meanwhile.
 */
function firstScreen(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}

void Promise.all([languages, firstScreen()]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
