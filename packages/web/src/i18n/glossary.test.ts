import { describe, expect, it } from 'vitest';
import en from './en.json';
import { GLOSSARY } from './glossary.ts';
import ko from './ko.json';
import zhHans from './zh-hans.json';
import zhHant from './zh-hant.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = flatten(en as Tree);
const translations = { 'zh-hans': flatten(zhHans as Tree), 'zh-hant': flatten(zhHant as Tree), ko: flatten(ko as Tree) } as const;
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

type Language = keyof typeof translations;

/** The sentences of `strings` that speak of `name` without its word, and those with an avoided word. */
function violations(name: string, language: Language, strings: ReadonlyMap<string, string>, source = english) {
  const term = GLOSSARY[name];
  if (!term) throw new Error(name);
  const missing = [...source]
    .filter(([key, text]) => term.en.test(withoutPlaceholders(text)) && !term.otherSense?.[key])
    .filter(([key]) => !term.use[language].some((word) => strings.get(key)?.includes(word)))
    .map(([key]) => `${key}: ${strings.get(key)}`);
  const avoided = [...strings]
    .filter(([, text]) => (term.avoid[language] ?? []).some((word) => text.includes(word)))
    .map(([key, text]) => `${key}: ${text}`);
  return { missing, avoided };
}

describe('the glossary (i18n/glossary.ts)', () => {
  for (const [language, strings] of Object.entries(translations) as [Language, Map<string, string>][]) {
    for (const [name, term] of Object.entries(GLOSSARY)) {
      it(`${language}: every sentence about a ${name} says ${term.use[language].join(' or ')}, none says ${(term.avoid[language] ?? []).join(' or ') || '…'}`, () => {
        expect(violations(name, language, strings)).toEqual({ missing: [], avoided: [] });
      });
    }
  }

  it('fails on a word outside it', () => {
    const source = new Map([['course.ended', 'This course has ended.']]);
    expect(violations('course', 'ko', new Map([['course.ended', '이 과정은 종료되었습니다.']]), source)).toEqual({
      missing: ['course.ended: 이 과정은 종료되었습니다.'],
      avoided: ['course.ended: 이 과정은 종료되었습니다.'],
    });
    expect(violations('course', 'ko', new Map([['course.ended', '이 강좌는 종료되었습니다.']]), source)).toEqual({
      missing: [],
      avoided: [],
    });
    expect(violations('instructor', 'zh-hans', new Map([['x', '讲师']]), new Map()).avoided).toEqual(['x: 讲师']);
  });
});
