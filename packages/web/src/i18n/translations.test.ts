import { describe, expect, it } from 'vitest';
import en from './en.json';
import { changeLanguage, i18n, translateMessage } from './index.ts';
import ko from './ko.json';
import zhHans from './zh-hans.json';
import zhHant from './zh-hant.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
const others = { 'zh-hans': flatten(zhHans), 'zh-hant': flatten(zhHant), ko: flatten(ko) };

describe('translation files', () => {
  it.each(Object.entries(others))('%s has exactly the English key set', (_language, keys) => {
    expect([...keys.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(Object.entries(others))('%s translates every string instead of copying English', (_language, keys) => {
    const copied = [...keys].filter(([key, value]) => value === english.get(key)).map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it.each(Object.entries(others))('%s keeps the interpolation placeholders', (_language, keys) => {
    for (const [key, value] of english) {
      const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(placeholders(keys.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });
});

describe('translateMessage', () => {
  it('translates by error code, then by known English sentence, else passes the message through', async () => {
    await changeLanguage('ko');
    try {
      expect(translateMessage('Email or password is not correct.', 'invalid_credentials')).toBe(i18n.t('messages.api.invalidCredentials'));
      expect(translateMessage('This email has already been taken.')).toBe(i18n.t('messages.api.emailTaken'));
      expect(translateMessage('Brand new server sentence.', 'not_a_known_code')).toBe('Brand new server sentence.');
      expect(translateMessage(undefined)).toBe(i18n.t('errors.unknown'));
      expect(translateMessage(undefined)).not.toBe('Unknown error');
    } finally {
      await changeLanguage('en');
    }
    expect(translateMessage(undefined)).toBe('Unknown error');
    expect(document.documentElement.lang).toBe('en');
  });
});
