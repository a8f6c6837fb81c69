import { harMessage } from '@app/contract/har-messages';
import { choraleMusicXml, TEST_CHORALES } from '@app/har/analysis/test-chorales';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courseWorld, createTestApp, dialects, errorsOf, multipart, type TestClient, type TestContext } from '../../test/helpers.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

// QA Q4: a score or document refused by @app/har names its sentence's code and values in
// `message_codes`, so the web app shows it in the reader's language; the English stays as it was.
describe.each(dialects)('score refusals coded in the error envelope (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let courseId: number;

  const uploadScore = (name: string, content: Uint8Array) =>
    owner.upload(`/api/exercise-drafts?course_id=${courseId}`, multipart([{ name, bytes: content }]));

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const world = await courseWorld(t, { activate: false });
    courseId = world.courseId;
    owner = world.owner.client;
  });
  afterEach(async () => {
    await t.close();
  });

  it('codes an empty file', async () => {
    const res = await uploadScore('empty.musicxml', new Uint8Array(0));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: ['The file is empty.'] }]);
    expect(res.json().message_codes).toEqual([[{ code: 'har.fileEmpty' }]]);
  });

  it('codes a file that is not MusicXML with its root element', async () => {
    const res = await uploadScore('page.xml', bytes('<html><body/></html>'));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      {
        field: 'file',
        messages: ['The file is not a MusicXML score: its root element is <html>, not <score-partwise> or <score-timewise>.'],
      },
    ]);
    expect(res.json().message_codes).toEqual([[{ code: 'har.notMusicXmlRoot', params: { root: 'html' } }]]);
  });

  it('codes a file cut short with its subject and the element it ends inside, as nested codes', async () => {
    const score = choraleMusicXml(TEST_CHORALES[0] as (typeof TEST_CHORALES)[number]);
    const cut = score.slice(0, score.indexOf('<measure number="2"'));
    const res = await uploadScore('cut.musicxml', bytes(cut));
    expect(res.statusCode).toBe(400);
    const ref = {
      code: 'har.notWellFormed',
      params: { name: { code: 'har.theScore' }, reason: { code: 'har.xmlCutShort', params: { element: 'part' } } },
    };
    expect(res.json().message_codes).toEqual([[ref]]);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: [harMessage(ref)] }]);
    expect(harMessage(ref)).toBe(
      'The score is not well-formed XML (it ends inside <part>, which is never closed: the file may be cut short).',
    );
  });

  it('codes the analysis refusals thrown as plain text by their sentence (a score of rests only)', async () => {
    const score = choraleMusicXml(TEST_CHORALES[0] as (typeof TEST_CHORALES)[number]);
    const silent = score.replace(/<note><pitch>[\s\S]*?<\/note>/g, '<note><rest/><duration>4</duration></note>');
    const res = await uploadScore('rests.musicxml', bytes(silent));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: ['The score has no notes: there is nothing to analyse.'] }]);
    expect(res.json().message_codes).toEqual([[{ code: 'har.analysisNoNotes' }]]);
  });

  it('codes a refused .har under its file name (har.inFile), the reason nested', async () => {
    const setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id as number;
    const res = await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'bad.har', bytes: bytes('not a zip') }]));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: ['bad.har: The file is not a .har archive (not a ZIP file).'] }]);
    expect(res.json().message_codes).toEqual([[{ code: 'har.inFile', params: { file: 'bad.har', reason: { code: 'har.notZip' } } }]]);
  });

  it('codes a body that is not valid JSON (api.invalidJson)', async () => {
    const res = await owner.request('POST', `/api/courses/${courseId}/assignments`, {
      body: '{"title":"TA',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ code: 'validation_failed', message: 'The request body is not valid JSON.' }]);
    expect(res.json().message_codes).toEqual([[{ code: 'api.invalidJson' }]]);
  });
});
