import { readFileSync } from 'node:fs';
import { choraleMusicXml, TEST_CHORALES } from '@app/har/analysis/test-chorales';
import { readHar, studentCopy, writeHar } from '@app/har/format';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  multipart,
  sampleExercise,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const CORPUS = '/work/shared/corpora/bach-chorales';
const SCORE_NOT_HAR = 'This is a MusicXML score, not a .har exercise: to make an exercise from a score, use Create Exercise.';

// QA Q10: a score picked in "Upload .har Files" says what it is and where to take it; an archive
// that unpacks past the limit answers 413 too_large there as it does in Create Exercise.
describe.each(dialects)('Upload .har Files: a score, a zip bomb (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let courseId: number;
  let setId: number;

  const uploadHar = (name: string, content: Uint8Array) =>
    owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name, bytes: content }]));

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const world = await courseWorld(t, { activate: false });
    courseId = world.courseId;
    owner = world.owner.client;
    setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id as number;
  });
  afterEach(async () => {
    await t.close();
  });

  it('a MusicXML score: it is a score, not a .har exercise, and Create Exercise makes one (coded, under its name)', async () => {
    const score = choraleMusicXml(TEST_CHORALES[0] as (typeof TEST_CHORALES)[number]);
    const res = await uploadHar('score.musicxml', bytes(score));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: [`score.musicxml: ${SCORE_NOT_HAR}`] }]);
    expect(res.json().message_codes).toEqual([
      [{ code: 'har.inFile', params: { file: 'score.musicxml', reason: { code: 'har.scoreNotHar' } } }],
    ]);
    expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
  });

  it('an exercise without its answer key (a student copy) is refused, saying what to upload instead (QA2-1)', async () => {
    const copy = writeHar(studentCopy(readHar(sampleExercise().bytes)));
    const res = await uploadHar('copy.student.har', copy);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      {
        field: 'file',
        messages: [
          'copy.student.har: This exercise has no answer key (it may be a student copy), so students could never hand it in: upload the .har with its answers, or make the exercise with Create Exercise.',
        ],
      },
    ]);
    expect(res.json().message_codes).toEqual([
      [{ code: 'har.inFile', params: { file: 'copy.student.har', reason: { code: 'har.uploadNoAnswerKey' } } }],
    ]);
    expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
    // The same exercise with its key is taken.
    const keyed = await uploadHar('ex.har', sampleExercise().bytes);
    expect(keyed.statusCode, keyed.body).toBe(201);
  });

  it('a compressed score (.mxl, a ZIP without a manifest) says the same', async () => {
    const res = await uploadHar('001.mxl', new Uint8Array(readFileSync(`${CORPUS}/001.mxl`)));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: [`001.mxl: ${SCORE_NOT_HAR}`] }]);
  });

  it('a file that is neither a ZIP nor a score is still "not a .har archive"', async () => {
    const res = await uploadHar('notes.har', bytes('<html><body>score-partwise</body></html>'));
    expect(errorsOf(res)).toEqual([{ field: 'file', messages: ['notes.har: The file is not a .har archive (not a ZIP file).'] }]);
  });

  it('an archive that unpacks past 50 MB answers 413 too_large here and in Create Exercise alike', async () => {
    const bomb = zipSync({ 'manifest.json': bytes('{}'), 'score.musicxml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const upload = await uploadHar('bomb.har', bomb);
    expect(upload.statusCode).toBe(413);
    expect(errorsOf(upload)).toEqual([{ code: 'too_large', message: 'bomb.har: The archive unpacks to more than 50 MB.' }]);
    expect(upload.json().message_codes).toEqual([
      [{ code: 'har.inFile', params: { file: 'bomb.har', reason: { code: 'har.archiveUnpacksTooLarge', params: { size: '50 MB' } } } }],
    ]);
    const create = await owner.upload(`/api/exercise-drafts?course_id=${courseId}`, multipart([{ name: 'bomb.mxl', bytes: bomb }]));
    expect(create.statusCode).toBe(413);
    expect(errorsOf(create)[0]).toMatchObject({ code: 'too_large' });
  });
});
