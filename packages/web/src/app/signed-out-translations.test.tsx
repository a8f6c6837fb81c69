import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { pickTier } from '../i18n/tiers.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { fakeApi, ok } from '../testing/fake-api.ts';
import { routes } from './router.tsx';

/*
 * Issue 15: a signed-out page renders with only the first tier of its language (i18n/tiers.ts).
 * Each public route is rendered with an i18next that holds nothing else and reports every key it
 * cannot find; none may be missing. (tiers.test.ts checks the same modules' keys statically,
 * including branches a render does not reach.)
 */

const missing: string[] = [];
const firstTierOnly = createInstance();

beforeAll(async () => {
  await firstTierOnly.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: pickTier(en, 'first') } },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      missing.push(key);
    },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  missing.length = 0;
});

describe('signed-out pages with the first tier only', () => {
  it.each([
    ['/sign-in', 'Sign In'],
    ['/sign-in?timeout=1', 'Sign In'],
    ['/sign-up', 'Create an Account'],
    ['/sign-up/confirmation', undefined],
    ['/reset-password', undefined],
    ['/create-password?token=abc', undefined],
    ['/create-password', undefined],
    ['/confirm-email?token=abc', undefined],
  ])('%s shows no missing key', async (path, heading) => {
    fakeApi(() => ok(null), { signedIn: false });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <I18nextProvider i18n={firstTierOnly}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    // The route's chunk is imported on first visit (zod and all for sign-up): allow for a busy machine.
    const title = await screen.findByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }, { timeout: 10_000 });
    expect(title.textContent).not.toMatch(/^\w+\.\w+/);
    expect(missing).toEqual([]);
  });
});
