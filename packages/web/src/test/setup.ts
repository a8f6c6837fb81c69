import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage, SUPPORTED_LANGUAGES } from '../i18n/index.ts';

// The app fetches a language when it is needed; tests switch languages at will, so all are here.
await Promise.all(SUPPORTED_LANGUAGES.map((language) => loadLanguage(language.abbreviation)));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
