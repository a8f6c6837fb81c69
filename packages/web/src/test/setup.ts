import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage, loadSignedInTranslations, SUPPORTED_LANGUAGES } from '../i18n/index.ts';

// The app fetches a language (and its signed-in tier) when it is needed; tests switch languages
// and screens at will, so all of both tiers are here.
await loadSignedInTranslations();
await Promise.all(SUPPORTED_LANGUAGES.map((language) => loadLanguage(language.abbreviation)));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
