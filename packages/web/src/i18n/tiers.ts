/*
 * Each language's translations reach the browser in parts (issue 15, decision 026). The JSON
 * source stays one file per language; the build cuts it by these paths (`./en.json?tier=first`,
 * `?tier=messages` and `?tier=rest`, see the `localeTiers` plugin in vite.config.ts):
 * - first: what the signed-out pages and the shell around every page show. Loaded before the first
 *   render (main.tsx).
 * - messages: the API's and the contract's sentences a signed-out page can show by their code.
 *   Loaded with the first tier in every language but English: an English page shows the sentence
 *   the server or the contract sent as it is (translateMessage falls back to it, and
 *   message-codes.test.ts keeps the English of each code equal to the contract's sentence).
 * - rest: everything else. Loaded by the signed-in layout's route loader (with `messages` in
 *   English), so it has arrived before any signed-in screen renders.
 * `tiers.test.ts` fails when a module of a signed-out page names a key outside the first tier.
 */

/** Paths into a language file (a top-level section, a group of one, or a key) of the first tier. */
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
  // Named by the create-password page itself (a link without its token).
  'messages.api.invalidLink',
  // LTI Dynamic Registration, a signed-out page an LMS opens (issue 28).
  'lti.register',
] as const;

/**
 * The sentences a signed-out page can show by code: the API's (sign-in, sign-up, password, e-mail
 * confirmation), the contract's validation, and LTI's (the signed-out Dynamic Registration page).
 */
export const PUBLIC_MESSAGE_PATHS = ['messages.api', 'messages.schema', 'messages.zod', 'messages.lti'] as const;

export type Tier = 'first' | 'messages' | 'rest';

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);
const under = (paths: readonly string[], key: string) => paths.some((path) => key === path || key.startsWith(`${path}.`));
const split = [...FIRST_TIER_PATHS, ...PUBLIC_MESSAGE_PATHS];

/** The tier of a key (a dotted path of a translation). */
export function tierOf(key: string): Tier {
  if (under(FIRST_TIER_PATHS, key)) return 'first';
  if (under(PUBLIC_MESSAGE_PATHS, key)) return 'messages';
  return 'rest';
}

/** True when `key` lies in the first tier. */
export function inFirstTier(key: string): boolean {
  return tierOf(key) === 'first';
}

/** The part of a language file that belongs to a tier; a section the tiers share is split between them. */
export function pickTier(translation: Tree, tier: Tier, prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(translation)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value) && split.some((first) => first.startsWith(`${path}.`))) {
      const part = pickTier(value, tier, path);
      if (Object.keys(part).length > 0) out[key] = part;
    } else if (tierOf(path) === tier) {
      out[key] = value;
    }
  }
  return out;
}
