import { AssignmentMessages } from '@app/contract/assignments';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, translateMessage } from '../../i18n/index.ts';

describe('assignment error messages', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it.each(['ko', 'zh-hans', 'zh-hant'] as const)('translates every server message of the assignment calls into %s', async (language) => {
    await changeLanguage(language);
    const untranslated = Object.values(AssignmentMessages).filter((message) => translateMessage(message, 'bad_request') === message);
    expect(untranslated).toEqual([]);
  });

  it('keeps the English sentence in English', () => {
    for (const message of Object.values(AssignmentMessages)) expect(translateMessage(message)).toBe(message);
  });
});
