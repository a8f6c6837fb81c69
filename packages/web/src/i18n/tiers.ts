/*
 * Each language's translations reach the browser in two tiers (issue 15, decision 026). The JSON
 * source stays one file per language; the build cuts it by these paths (`./en.json?tier=first` and
 * `?tier=rest`, see the `localeTiers` plugin in vite.config.ts):
 * - first: what the signed-out pages and the shell around every page can show. Loaded before the
 *   first render (main.tsx).
 * - rest: everything else. Loaded by the signed-in layout's route loader, so it has arrived before
 *   any signed-in screen renders.
 * `tiers.test.ts` fails when a module of a signed-out page uses a key outside the first tier.
 */

/** Paths into a language file (a top-level section, or one group of a section) of the first tier. */
export const FIRST_TIER_PATHS = [
  'app',
  'common',
  'confirmEmail',
  'errorPage',
  'errors',
  'header',
  'nav',
  'notFound',
  'notifications',
  'password',
  'resetPassword',
  'session',
  'signIn',
  'signUp',
  'signUpConfirmation',
  // The sentences a signed-out page can show: the API's (sign-in, sign-up, password, e-mail
  // confirmation) and the contract's validation messages. The other groups name signed-in work.
  'messages.api',
  'messages.schema',
  'messages.zod',
] as const;

export type Tier = 'first' | 'rest';

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `key` (a dotted path of a translation) lies in the first tier. */
export function inFirstTier(key: string): boolean {
  return FIRST_TIER_PATHS.some((path) => key === path || key.startsWith(`${path}.`));
}

/**
 * The part of a language file that belongs to a tier. A path of the first tier is taken whole; a
 * section that the first tier takes only some groups of is split between the two tiers.
 */
export function pickTier(translation: Tree, tier: Tier, prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(translation)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inFirstTier(path)) {
      if (tier === 'first') out[key] = value;
    } else if (isTree(value) && FIRST_TIER_PATHS.some((first) => first.startsWith(`${path}.`))) {
      const part = pickTier(value, tier, path);
      if (Object.keys(part).length > 0) out[key] = part;
    } else if (tier === 'rest') {
      out[key] = value;
    }
  }
  return out;
}
