import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CourseMessages } from './courses.ts';
import { Messages } from './errors.ts';
import { AuthoringMessages } from './exercise-authoring.ts';
import { HAR_FRAGMENTS } from './har-messages.ts';
import { LtiMessages } from './lti.ts';
import { MediaCollectionRequest } from './media.ts';
import { allMessageCodes, messageCode } from './message-codes.ts';
import { Password } from './rules.ts';
import { configureZodMessages } from './zod-config.ts';

configureZodMessages();

describe('messageCode', () => {
  it('names a message of a group by its prefix and key', () => {
    expect(messageCode(CourseMessages.ended)).toEqual({ code: 'course.ended' });
    expect(messageCode(Messages.invalidCredentials)).toEqual({ code: 'api.invalidCredentials' });
    expect(messageCode('Password must contain a digit.')).toEqual({ code: 'schema.password_digit' });
  });

  it('reads the values out of a message that carries them', () => {
    expect(messageCode(AuthoringMessages.notALabel('IX'))).toEqual({ code: 'authoring.notALabel', params: { answer: 'IX' } });
    expect(messageCode('This field must be at most 200 characters.')).toEqual({ code: 'zod.stringAtMost', params: { max: '200' } });
    expect(messageCode('This number must be at least 1.')).toEqual({ code: 'zod.numberAtLeast', params: { min: '1' } });
    // LTI's sentences (QA2-7), the URL's name as the value.
    expect(messageCode(LtiMessages.noRoster)).toEqual({ code: 'lti.noRoster' });
    expect(messageCode(LtiMessages.platformUrl('token URL'))).toEqual({ code: 'lti.platformUrl', params: { what: 'token URL' } });
    expect(messageCode(LtiMessages.platformUrlLength('key set URL'))).toEqual({
      code: 'lti.platformUrlLength',
      params: { what: 'key set URL' },
    });
  });

  it('knows nothing of other text', () => {
    expect(messageCode('A sentence nobody wrote.')).toBeUndefined();
  });

  it('codes what zod says about the contract’s schemas, with our default messages', () => {
    const empty = MediaCollectionRequest.safeParse({ collection_title: '' });
    const missing = MediaCollectionRequest.safeParse({});
    const weak = Password.safeParse('short');
    const messages = [empty, missing, weak].flatMap((result) => (result.success ? [] : result.error.issues.map((issue) => issue.message)));
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(messageCode(message), message).toBeDefined();
    const tooLong = z.string().max(5).safeParse('123456');
    expect(tooLong.success ? undefined : messageCode(tooLong.error.issues[0]?.message ?? '')).toEqual({
      code: 'zod.stringAtMost',
      params: { max: '5' },
    });
  });

  it('reads the analysis refusals thrown as text back to their har code and values', () => {
    expect(messageCode('Part 2 of the score has no measures.')).toEqual({ code: 'har.analysisPartNoMeasures', params: { part: '2' } });
    expect(messageCode('The score has more than 20000 notes.')).toEqual({ code: 'har.analysisTooManyNotes', params: { max: '20000' } });
    expect(messageCode('The score has no notes: there is nothing to analyse.')).toEqual({ code: 'har.analysisNoNotes' });
  });

  it('gives every code one English sentence and no two codes the same sentence', () => {
    const all = allMessageCodes();
    expect(all.size).toBeGreaterThan(150);
    for (const [code, english] of all) {
      expect(code, code).toMatch(/^[a-zA-Z]+\.[a-zA-Z_0-9]+$/);
      // A score refusal's subject or reason is part of another sentence (har-messages.ts).
      expect(english.endsWith('.') || english.endsWith('digits') || HAR_FRAGMENTS.has(code), `${code}: ${english}`).toBe(true);
    }
  });
});

// "Every contract message has a code": a sentence written inline in a schema must be registered.
describe('the contract’s sources', () => {
  const folder = new URL('.', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'message-codes.ts');

  it.each(files)('%s: every sentence in quotes has a code', (name) => {
    const source = readFileSync(new URL(name, folder), 'utf8');
    const code = source
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
      .join('\n');
    const sentences = [...code.matchAll(/'([A-Z][^'\n]* [^'\n]*\.)'/g)].map((match) => match[1] ?? '');
    const uncoded = sentences.filter((sentence) => !messageCode(sentence));
    expect(uncoded).toEqual([]);
    // A sentence built in a template (`At most ${MAX} chords.`) must match one code's English.
    const english = [...allMessageCodes().values()];
    const templates = [...code.matchAll(/`([^`\n]* [^`\n]*\.)`/g)].map((match) => match[1] ?? '');
    const unmatched = templates.filter((template) => {
      const parts = template.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const pattern = new RegExp(`^${parts.join('.+')}$`, 's');
      return !english.some((sentence) => pattern.test(sentence));
    });
    expect(unmatched).toEqual([]);
  });
});
