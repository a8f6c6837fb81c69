import { allMessageCodes } from '@app/contract/message-codes';
import { afterEach, describe, expect, it } from 'vitest';
import en from './en.json';
import { changeLanguage, i18n, translateMessage } from './index.ts';
import ko from './ko.json';
import zhHans from './zh-hans.json';
import zhHant from './zh-hant.json';

const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

function lookup(tree: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

// Issue 18: the server names each contract sentence by code; every code needs its words here.
describe('message codes', () => {
  const codes = [...allMessageCodes()];

  it.each([
    ['en', en],
    ['zh-hans', zhHans],
    ['zh-hant', zhHant],
    ['ko', ko],
  ] as const)('every code of the contract has a translation in %s, with the same placeholders', (_language, translation) => {
    const missing = codes.filter(([code]) => typeof lookup(translation.messages, code) !== 'string').map(([code]) => code);
    expect(missing).toEqual([]);
    for (const [code, english] of codes)
      expect(placeholders(lookup(translation.messages, code) as string), code).toEqual(placeholders(english));
  });

  it('the English of each code is the contract’s sentence', () => {
    for (const [code, english] of codes) expect(lookup(en.messages, code), code).toBe(english);
  });

  it('has no translation for a code the contract no longer has', () => {
    const known = new Set(codes.map(([code]) => code));
    const stale = Object.entries(en.messages).flatMap(([prefix, group]) =>
      Object.keys(group)
        .map((key) => `${prefix}.${key}`)
        .filter((code) => !known.has(code)),
    );
    expect(stale).toEqual([]);
  });

  afterEach(async () => {
    await changeLanguage('en');
  });

  it('translates by the sentence’s code first, with its values', async () => {
    await changeLanguage('ko');
    expect(translateMessage('Course has ended.', 'forbidden', { code: 'course.ended' })).toBe(i18n.t('messages.course.ended'));
    expect(
      translateMessage('This field must be at most 200 characters.', 'validation_failed', {
        code: 'zod.stringAtMost',
        params: { max: 200 },
      }),
    ).toBe('이 필드는 최대 200자입니다.');
    // An English sentence the app does not know, with an unknown code, stays as sent.
    expect(translateMessage('Brand new server sentence.', 'x', { code: 'nope.nothing' })).toBe('Brand new server sentence.');
  });
});
