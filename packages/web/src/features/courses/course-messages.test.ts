import { CourseMessages } from '@app/contract/courses';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, translateMessage } from '../../i18n/index.ts';

describe('course error messages', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it.each(['ko', 'zh-hans', 'zh-hant'] as const)('translates every server message of the course calls into %s', async (language) => {
    await changeLanguage(language);
    const untranslated = Object.values(CourseMessages).filter((message) => translateMessage(message, 'forbidden') === message);
    expect(untranslated).toEqual([]);
  });

  it('keeps the English sentence in English', () => {
    for (const message of Object.values(CourseMessages)) expect(translateMessage(message)).toBe(message);
  });
});
