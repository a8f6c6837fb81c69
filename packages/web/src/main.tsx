import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { loadInitialLanguages } from './i18n/index.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The page's language first (its own small chunk), so the first render is already translated.
// A promise, not a top-level await: Rolldown turns off its common-chunk merging when any module
// awaits at top level, and the first load would be some 30 tiny files instead of a few (issue 15).
void loadInitialLanguages().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
