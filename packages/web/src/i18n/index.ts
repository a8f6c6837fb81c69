import { LANGUAGES } from '@app/contract/constants';
import type { MessageRef } from '@app/contract/errors';
import type { LanguageCode } from '@app/contract/users';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setLocaleCookie } from '../lib/cookies.ts';
import { bundles, tiersNeeded } from './bundles.ts';
import type en from './en.json';
import { initialLanguage, toLanguageCode } from './language.ts';
import type { Tier } from './tiers.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

type Translation = typeof en;

export const SUPPORTED_LANGUAGES = LANGUAGES;

/** BCP 47 tags for the document's lang attribute (screen readers pick voices from it). */
const HTML_LANG: Record<LanguageCode, string> = { en: 'en', 'zh-hans': 'zh-Hans', 'zh-hant': 'zh-Hant', ko: 'ko' };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  // Bundles arrive through loadLanguage; t() reads whatever has arrived.
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh-hans', 'zh-hant', 'ko'],
  // i18next would otherwise turn 'zh-hans' into 'zh-Hans' and miss the resource.
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[currentLanguage()];

export function currentLanguage(): LanguageCode {
  return toLanguageCode(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
}

const loading = new Map<string, Promise<void>>();

function loadTier(code: LanguageCode, tier: Tier): Promise<void> {
  const id = `${code}:${tier}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = bundles[code][tier]().then(({ default: translation }) => {
      i18n.addResourceBundle(code, 'translation', translation, true, true);
      if (code === 'en') indexEnglishMessages(translation);
    });
    // A failed download (a flaky network) may be tried again by the next caller.
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** Set once a signed-in screen is about to show: from then on every language loads all its tiers. */
let signedIn = false;

/** Fetches the tiers of a language's translations that the pages need now (see tiersNeeded) for i18next. */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  await Promise.all(tiersNeeded(code, signedIn).map((tier) => loadTier(code, tier)));
}

function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task, 1000);
}

/**
 * English for a page in another language, when the browser is idle: the fallback, and the index
 * that turns an English sentence sent without its code back into a key (translateMessage).
 */
function loadEnglishWhenIdle(language: LanguageCode) {
  if (language === 'en') return;
  whenIdle(() => {
    void loadLanguage('en');
    void loadTier('en', 'messages');
  });
}

/** Before the first render: the language the page shows. English follows when the browser is idle. */
export async function loadInitialLanguages(): Promise<void> {
  const language = currentLanguage();
  await loadLanguage(language);
  loadEnglishWhenIdle(language);
}

/**
 * The rest of the page's language, before any signed-in screen renders: the signed-in layout's
 * route loader waits for it, alongside the screen's own code and data. English follows when idle.
 */
export async function loadSignedInTranslations(): Promise<void> {
  signedIn = true;
  const language = currentLanguage();
  await loadLanguage(language);
  loadEnglishWhenIdle(language);
}

/** Switches the UI language, remembers it in the `locale` cookie and updates <html lang>. */
export async function changeLanguage(code: LanguageCode) {
  setLocaleCookie(code);
  document.documentElement.lang = HTML_LANG[code];
  await loadLanguage(code);
  await i18n.changeLanguage(code);
}

/** Translates a dynamic key (e.g. built from an error code); undefined when no translation exists. */
export function translateKey(key: string, options?: Record<string, unknown>): string | undefined {
  if (!i18n.exists(key)) return undefined;
  return i18n.t(key as never, options as never) as unknown as string;
}

// English sentences the shared zod schemas and the server send, mapped back to their keys, so a
// message that comes without a code (the browser's own validation with the contract's schemas, a
// server sentence the contract does not define) can still be translated.
const keyByEnglishMessage = new Map<string, string>();
function indexEnglishMessages(english: Partial<Translation>) {
  const index = (prefix: string, tree: object) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'object' && value !== null) index(`${prefix}.${key}`, value);
      else if (typeof value === 'string' && !keyByEnglishMessage.has(value)) keyByEnglishMessage.set(value, `${prefix}.${key}`);
    }
  };
  for (const section of ['messages', 'errors'] as const) {
    const tree = english[section];
    if (tree) index(section, tree);
  }
}

/** A coded sentence in the reader's language, the sentences among its values (a score refusal's subject, reason) first. */
function translateRef(ref: MessageRef): string | undefined {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) {
    params[name] = typeof value === 'object' ? (translateRef(value) ?? value.code) : value;
  }
  return translateKey(`messages.${ref.code}`, ref.params ? params : undefined);
}

/**
 * The text to show for a server or validation message: by the sentence's own code
 * (`messages.<messageCode>`, issue 18), else by the error's `code` when we have `errors.<code>`,
 * else by the English sentence when we know it, else the message as sent, else 'Unknown error'.
 */
export function translateMessage(message: string | undefined, code?: string, messageCode?: MessageRef | null): string {
  if (messageCode) {
    const bySentence = translateRef(messageCode);
    if (bySentence) return bySentence;
  }
  if (code) {
    const byCode = translateKey(`errors.${code}`);
    if (byCode) return byCode;
  }
  if (message) {
    const key = keyByEnglishMessage.get(message);
    return (key && translateKey(key)) || message;
  }
  return i18n.t('errors.unknown');
}
