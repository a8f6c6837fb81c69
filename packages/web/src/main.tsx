import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefetchSignedIn } from './app/prefetch.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { loadInitialLanguages } from './i18n/index.ts';
import { isPublicPath } from './lib/redirect.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The page's language first (its own small chunk), so the first render is already translated.
// A promise, not a top-level await: Rolldown turns off its common-chunk merging when any module
// awaits at top level, and the first load would be some 30 tiny files instead of a few (issue 15).
const languages = loadInitialLanguages();
// A signed-in page: its data and the rest of its language start now, while the router fetches the
// signed-in screens' routes (router.tsx), instead of after them. The first render does not wait for them.
if (!isPublicPath(window.location.pathname)) void prefetchSignedIn();
void languages.then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
