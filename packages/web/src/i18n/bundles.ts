import type { LanguageCode } from '@app/contract/users';
import type en from './en.json';
import type { Tier } from './tiers.ts';

type TierModule = () => Promise<{ default: Partial<typeof en> }>;

/**
 * One chunk per language and tier, fetched when it is needed (issue 15): a first visit downloads
 * only the language it shows, and a signed-out page only the tiers it can show (tiers.ts). Without
 * i18next, so the entry can start a page's language before the app's code arrives (app/first-requests.ts).
 */
export const bundles: Record<LanguageCode, Record<Tier, TierModule>> = {
  en: {
    first: () => import('./en.json?tier=first'),
    messages: () => import('./en.json?tier=messages'),
    rest: () => import('./en.json?tier=rest'),
  },
  'zh-hans': {
    first: () => import('./zh-hans.json?tier=first'),
    messages: () => import('./zh-hans.json?tier=messages'),
    rest: () => import('./zh-hans.json?tier=rest'),
  },
  'zh-hant': {
    first: () => import('./zh-hant.json?tier=first'),
    messages: () => import('./zh-hant.json?tier=messages'),
    rest: () => import('./zh-hant.json?tier=rest'),
  },
  ko: {
    first: () => import('./ko.json?tier=first'),
    messages: () => import('./ko.json?tier=messages'),
    rest: () => import('./ko.json?tier=rest'),
  },
};

/**
 * The tiers of a language the pages need (tiers.ts): a signed-in screen all three; a signed-out
 * page the first, and its messages except in English, which shows the API's and the contract's
 * sentences as sent.
 */
export function tiersNeeded(code: LanguageCode, signedIn: boolean): Tier[] {
  if (signedIn) return ['first', 'messages', 'rest'];
  return code === 'en' ? ['first'] : ['first', 'messages'];
}
