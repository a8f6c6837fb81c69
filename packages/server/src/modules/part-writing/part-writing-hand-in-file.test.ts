import { PartWritingMessages } from '@app/contract/part-writing';
import { SubmissionMessages } from '@app/contract/submissions';
import { type PartWritingDocument, partWritingSubmission, readPartWritingHar, writePartWritingHar } from '@app/har/part-writing/document';
import { readPartWritingHandIn } from '@app/har/part-writing/hand-in';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bassInC, FIFTHS, GOOD, HIGH_MODEL, MODEL_NOTES } from '../../../test/figured-bass.ts';
import { createTestApp, dialects, errorsOf, LONG_SESSIONS, multipart, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { documentInCourse } from '../../../test/part-writing-world.ts';

/**
 * A part-writing `.har` handed in as a file (issue 27), as analysis exercises take one: only the
 * file's voices are read; the given voice, figures, rules and points it carries are ignored and
 * the server's own exercise is graded, as for a hand-in from the browser. Bad files are refused
 * with the exact message, and the model solution never reaches the student.
 */

// The model: notes no hand-in below uses, so they can be searched for.
const EXERCISE = bassInC('Figured bass 1', { rules: { 'parallel-fifths': { on: true, points: 4 } }, points: 10, model: HIGH_MODEL });
const voicesOf = (texts: string[]) => ({
  chords: texts.map((text) => {
    const [S, A, T] = text.split(' ');
    return { S, A, T } as Record<string, string>;
  }),
});
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe.each(dialects)('part-writing .har file hand-in (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let classmate: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let doc: { id: number; doc_key: string };
  let copy: PartWritingDocument;

  const fetchFile = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;
  const handInFile = (client: TestClient, bytes: Uint8Array, name = 'my-work.har') =>
    client.upload(`/api/documents/${doc.id}/submissions`, multipart([{ name, bytes }]));
  /** A hand-in made the way a student's program would: the student copy with their voices. */
  const submissionFile = (texts: string[], exercise: PartWritingDocument = copy) =>
    writePartWritingHar(partWritingSubmission(exercise, voicesOf(texts)));
  /** A hand-in written by hand, for what writePartWritingHar itself would refuse to write. */
  const rawFile = (voices: unknown, manifest: Record<string, unknown> = { ...copy.manifest, kind: 'submission' }) =>
    zipSync({ 'manifest.json': json(manifest), 'voices.json': json(voices) });

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await documentInCourse(t, 'figured-bass.har', writePartWritingHar(EXERCISE), { students: 2 });
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [student, classmate] = world.students.map((s) => s.client) as [TestClient, TestClient];
    doc = world.doc;
    // The student's own copy (never the model), from which their program writes the hand-in.
    const url = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data.url;
    copy = readPartWritingHar(new Uint8Array(await fetchFile(url)));
    expect(copy.model).toBeUndefined();
  });
  afterEach(async () => {
    await t.close();
  });

  it('is for the course’s students: signed out 401, a TA 403, another course’s instructor 404', async () => {
    const file = submissionFile(GOOD);
    expect((await handInFile(anonymous, file)).statusCode).toBe(401);
    const asTa = await handInFile(ta, file);
    expect(asTa.statusCode).toBe(403);
    expect(errorsOf(asTa)[0]?.message).toBe(SubmissionMessages.onlyStudents);
    expect((await handInFile(owner, file)).statusCode).toBe(403);
    const outside = await handInFile(other, file);
    expect(outside.statusCode).toBe(404);
    expect(errorsOf(outside)[0]?.message).toBe(SubmissionMessages.notFound);
  });

  it('grades a file like the same voices handed in from the browser, and keeps no model', async () => {
    const byFile = await handInFile(student, submissionFile(FIFTHS));
    expect(byFile.statusCode, byFile.body).toBe(201);
    const byBrowser = await classmate.post(`/api/documents/${doc.id}/submissions`, {
      answers: FIFTHS.map((answer, i) => ({ id: `chord-${i + 1}`, answer })),
    } as never);
    expect(byBrowser.statusCode, byBrowser.body).toBe(201);
    const pick = (data: Record<string, unknown>) => ({
      points: data.points,
      max_points: data.max_points,
      percent: data.percent,
      grade: data.grade,
    });
    expect(pick(byFile.json().data)).toEqual({ points: 6, max_points: 10, percent: 60, grade: pick(byBrowser.json().data).grade });
    expect(pick(byFile.json().data)).toEqual(pick(byBrowser.json().data));

    // The stored hand-in is the document's exercise with the voices written; no model anywhere the student sees.
    const urls = (await owner.get(`/api/submissions/${byFile.json().data.id}/file-urls`)).json().data;
    const stored = unzipSync(new Uint8Array(await fetchFile(urls.har_url)));
    expect(Object.keys(stored).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml', 'voices.json']);
    const ws = await student.get(`/api/documents/${doc.id}/workspace`);
    expect(ws.json().data.submissions).toHaveLength(1);
    for (const body of [byFile.body, ws.body]) for (const note of MODEL_NOTES) expect(body).not.toContain(note);
    const studentUrls = (await student.get(`/api/submissions/${byFile.json().data.id}/file-urls`)).json().data;
    expect(studentUrls.har_url).toBeNull();
    const report = (await fetchFile(studentUrls.grade_report_url)).toString('utf8');
    for (const note of MODEL_NOTES) expect(report).not.toContain(note);
  });

  it('trusts nothing but the voices: a file that turns the rule off, raises the points and moves the bass is graded by the document', async () => {
    const tampered: PartWritingDocument = {
      ...copy,
      exercise: {
        ...copy.exercise,
        rules: { 'parallel-fifths': { on: false, points: 0 } },
        points: 100,
        chords: copy.exercise.chords.map((chord) => ({ ...chord, B: 'E3' })),
      },
    };
    const res = await handInFile(student, submissionFile(FIFTHS, tampered));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ points: 6, max_points: 10 });
    const urls = (await owner.get(`/api/submissions/${res.json().data.id}/file-urls`)).json().data;
    const stored = readPartWritingHar(new Uint8Array(await fetchFile(urls.har_url)));
    expect(stored.exercise.points).toBe(10);
    expect(stored.exercise.chords.map((c) => c.B)).toEqual(['C3', 'F3', 'G3', 'C3']);
    expect(stored.voices?.chords[0]).toEqual({ S: 'G4', A: 'E4', T: 'C4' });
  });

  it('refuses bad files with the exact message, storing nothing', async () => {
    const refused = async (bytes: Uint8Array, message: string, name = 'my-work.har') => {
      const res = await handInFile(student, bytes, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'file', messages: [message] }]);
    };
    // Another document's hand-in, an analysis hand-in, the exercise itself.
    await refused(
      rawFile(voicesOf(GOOD), { ...copy.manifest, kind: 'submission', document_key: 'another-doc' }),
      SubmissionMessages.wrongDocument,
    );
    await refused(
      rawFile(voicesOf(GOOD), { ...copy.manifest, kind: 'submission', exercise_type: 'roman-numeral-analysis' }),
      SubmissionMessages.wrongDocument,
    );
    await refused(writePartWritingHar(copy), SubmissionMessages.notSubmission);
    // No voices, voices for another number of chords, a chord missing a voice, a note for the given bass.
    await refused(zipSync({ 'manifest.json': json({ ...copy.manifest, kind: 'submission' }) }), PartWritingMessages.handInNoVoices);
    await refused(rawFile({ chords: 'C5 E4 G3' }), PartWritingMessages.handInNoVoices);
    await refused(rawFile(voicesOf(GOOD.slice(0, 3))), PartWritingMessages.handInChordCount('4'));
    const missing = voicesOf(GOOD);
    delete missing.chords[2]?.A;
    await refused(rawFile(missing), PartWritingMessages.handInMissingVoice('3'));
    const given = voicesOf(GOOD);
    (given.chords[1] as Record<string, string>).B = 'F2';
    await refused(rawFile(given), PartWritingMessages.handInGivenVoice('2'));
    // A pitch outside MIDI, and one that is not a pitch.
    await refused(rawFile(voicesOf(['C5 E4 G3', 'C5 F4 A10', 'B4 D4 G3', 'C5 E4 G3'])), PartWritingMessages.outsideMidi('A10'));
    await refused(rawFile(voicesOf(['C5 E4 H3', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'])), PartWritingMessages.badPitch('H3'));
    // Not an archive at all: the format's own words, naming the file.
    const garbage = new TextEncoder().encode('not a zip');
    let formatMessage = '';
    try {
      readPartWritingHandIn(garbage);
    } catch (error) {
      formatMessage = (error as Error).message;
    }
    expect(formatMessage).not.toBe('');
    await refused(garbage, `notes.har: ${formatMessage}`, 'notes.har');
    // No file.
    const none = await student.upload(`/api/documents/${doc.id}/submissions`, multipart([]));
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none)).toEqual([{ field: 'file', messages: [SubmissionMessages.noFile] }]);
    // The sentences as the student reads them.
    expect(PartWritingMessages.handInChordCount('4')).toBe(
      'This exercise has 4 chords; the voices in the file are for a different number of chords.',
    );
    expect(PartWritingMessages.handInMissingVoice('3')).toBe(
      'Chord 3 of the file is missing a voice to write: a file hands in every voice of every chord.',
    );
    // Nothing was stored.
    expect((await owner.get(`/api/courses/${courseId}/grade-book`)).json().data.id).toEqual([]);
  });
});
