import { HarMessages, type HarRef, harMessage } from '@app/contract/har-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, translateMessage } from './index.ts';

/** Values for a template: a subject sentence for `name`, a nested reason for `reason`, text or numbers for the rest. */
function sample(template: string): HarRef['params'] {
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
  const value = (name: string) => {
    if (name === 'name') return { code: 'har.theScore' };
    if (name === 'reason') return { code: 'har.xmlCutShort', params: { element: 'part' } };
    if (name === 'measure' || name === 'chord' || name === 'max' || name === 'mb') return 7;
    return `<${name}-value>`;
  };
  return Object.fromEntries(names.map((name) => [name, value(name)]));
}

// QA Q4: the web app shows a score refusal by its code; in English that must be, word for word,
// the sentence the server sends (harMessage writes it from the same template).
describe('score refusals (har.*)', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it.each(Object.keys(HarMessages))('har.%s: the English template renders to the server’s sentence', async (key) => {
    await changeLanguage('en');
    const template = HarMessages[key as keyof typeof HarMessages];
    const params = sample(template);
    const ref: HarRef = params && Object.keys(params).length > 0 ? { code: `har.${key}`, params } : { code: `har.${key}` };
    expect(translateMessage('(sent)', 'validation_failed', ref)).toBe(harMessage(ref));
  });

  it('translates a refusal with its nested subject and reason, and the file name before it', async () => {
    const ref = {
      code: 'har.inFile',
      params: {
        file: 'cut.musicxml',
        reason: {
          code: 'har.notWellFormed',
          params: { name: { code: 'har.theScore' }, reason: { code: 'har.xmlCutShort', params: { element: 'part' } } },
        },
      },
    };
    await changeLanguage('ko');
    expect(translateMessage(harMessage(ref), 'validation_failed', ref)).toBe(
      'cut.musicxml 파일: 악보의 XML 형식이 올바르지 않습니다(파일이 닫히지 않은 <part> 요소 안에서 끝납니다. 파일이 중간에 잘렸을 수 있습니다).',
    );
    await changeLanguage('zh-hans');
    expect(translateMessage('The file is empty.', 'validation_failed', { code: 'har.fileEmpty' })).toBe('文件是空的。');
    await changeLanguage('zh-hant');
    expect(translateMessage('', 'validation_failed', { code: 'har.notMusicXmlRoot', params: { root: 'html' } })).toBe(
      '此檔案不是 MusicXML 樂譜：其根元素為 <html>，而非 <score-partwise> 或 <score-timewise>。',
    );
  });
});
