import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../i18n/index.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { api } from './api-client.ts';
import { apiErrorMessages } from './api-errors.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

async function failureOf(body: unknown, status = 400) {
  fakeApi(() => ({ status, body }));
  return api.get('/api/anything').then(
    () => undefined,
    (error: unknown) => error,
  );
}

// Issue 18: the app translates a server sentence by the code the envelope names, not by its English.
describe('apiErrorMessages', () => {
  it('translates each message by the code beside it, with its values', async () => {
    await changeLanguage('ko');
    const error = await failureOf({
      errors: [
        { code: 'forbidden', message: 'Worded differently on the server.' },
        { field: 'title', messages: ['This field must be at most 200 characters.', 'Something only the server says.'] },
      ],
      message_codes: [[{ code: 'course.ended' }], [{ code: 'zod.stringAtMost', params: { max: 200 } }, null]],
    });
    expect(apiErrorMessages(error)).toEqual([
      i18n.t('messages.course.ended'),
      '이 필드는 최대 200자입니다.',
      'Something only the server says.',
    ]);
  });

  it('falls back to the English sentence when an answer carries no codes', async () => {
    await changeLanguage('zh-hans');
    const error = await failureOf({ errors: [{ code: 'forbidden', message: 'Course has ended.' }] }, 403);
    expect(apiErrorMessages(error)).toEqual([i18n.t('messages.course.ended')]);
  });
});
