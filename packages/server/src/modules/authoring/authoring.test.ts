import { AssignmentMessages } from '@app/contract/assignments';
import type { ExerciseDraft } from '@app/contract/exercise-authoring';
import { analyseScore } from '@app/har/analysis/analyze-score';
import { choraleMusicXml, handAnalysis, TEST_CHORALES, type TestChorale } from '@app/har/analysis/test-chorales';
import { readHar } from '@app/har/format';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  multipart,
  type SignedInUser,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { ensureAcademicTerm, ensureSchool } from '../reference/repository.ts';

const chorale = TEST_CHORALES.find((c) => c.title.startsWith('Chorale 6')) as TestChorale;
const choraleXml = choraleMusicXml(chorale);
const bytes = (text: string) => new TextEncoder().encode(text);

/** A 16-measure, four-part chorale: the timing case (upload to an editable score). */
function sixteenMeasures(): string {
  const base = TEST_CHORALES.find((c) => c.title.startsWith('Chorale 10')) as TestChorale;
  const repeat = (voice: string) =>
    Array.from({ length: 16 / 3 + 1 }, () => voice)
      .join(' | ')
      .split(' | ')
      .slice(0, 16)
      .join(' | ');
  return choraleMusicXml({
    ...base,
    voices: Object.fromEntries(Object.entries(base.voices).map(([k, v]) => [k, repeat(v)])) as TestChorale['voices'],
  });
}

describe.each(dialects)('exercise authoring (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;
  let taId: number;

  const upload = (client: TestClient, files: Parameters<typeof multipart>[0], course = courseId) =>
    client.upload(`/api/exercise-drafts?course_id=${course}`, multipart(files));
  const uploadChorale = (client: TestClient = owner) => upload(client, [{ name: 'chorale.musicxml', bytes: bytes(choraleXml) }]);

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const world = await courseWorld(t, { activate: false });
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    taId = world.ta.id;
    [{ client: student }] = world.students as [SignedInUser];
    setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('titles a draft by its score, or by the file when the score is titled by a file name (issue 38)', async () => {
    const titled = (xml: string, name: string) => upload(owner, [{ name, bytes: bytes(xml) }]).then((r) => r.json().data.title);
    expect(await titled(choraleXml, '244.mxl.musicxml')).toBe(chorale.title);
    const fileTitled = choraleXml.replace(`<work-title>${chorale.title}</work-title>`, '<work-title>bwv245.26.mxl</work-title>');
    expect(fileTitled).not.toBe(choraleXml);
    expect(await titled(fileTitled, '244.musicxml')).toBe('244');
  });

  it('answers the positions in score order, the key, the suggestions and the workspace rendering', async () => {
    const started = performance.now();
    const res = await uploadChorale();
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json().data;
    expect(draft).toMatchObject({
      course_id: courseId,
      title: chorale.title,
      key: { name: 'A minor', mode: 'minor', tonic: 'A', fifths: 0 },
    });
    const expected = analyseScore(choraleXml, { cadential64: 'V', neapolitan6: 'N' }).positions;
    expect(draft.positions.map((p: { id: string }) => p.id)).toEqual(expected.map((p) => p.id));
    expect(draft.positions.map((p: { number: number }) => p.number)).toEqual(expected.map((_, i) => i + 1));
    const hand = handAnalysis(chorale);
    for (const item of hand) {
      const position = draft.positions.find((p: { id: string }) => p.id === item.id);
      expect(item.answers, item.id).toContain(position.suggestion);
      expect(position.x).toBeGreaterThan(0);
      for (const id of position.note_ids) expect(draft.score.svg).toContain(`id="${id}"`);
    }
    expect(draft.positions.find((p: { id: string }) => p.id === 'm2b3')).toMatchObject({
      suggestion: 'V64',
      suggested_answers: ['V64', 'i64'],
    });
    expect(draft.positions.find((p: { id: string }) => p.id === 'm1b1.5')).toMatchObject({ embellishing: true });
    expect(draft.score.notes.length).toBeGreaterThan(20);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('spells suggestions as the course does', async () => {
    await owner.put(`/api/courses/${courseId}`, { cadential_64: 'I', neapolitan_6: 'II' });
    const draft = (await uploadChorale()).json().data;
    expect(draft.positions.find((p: { id: string }) => p.id === 'm2b3')).toMatchObject({ suggestion: 'i64' });
  });

  it('names each position by the measure and beat the score prints (issue 24): a pickup 0 on its beat, a split bar by its text', async () => {
    const pickup = TEST_CHORALES.find((c) => c.pickup !== undefined) as TestChorale;
    // The score numbers its second full bar '1a' (the rest of bar 1 after a repeat): the import keeps it.
    const score = choraleMusicXml(pickup).replace(/<measure number="2"/g, '<measure number="1a"');
    const response = await upload(owner, [{ name: 'pickup.musicxml', bytes: bytes(score) }]);
    expect(response.statusCode, response.body).toBe(201);
    const draft = response.json().data as ExerciseDraft;
    expect(draft.converted.renumbered).toBe(false);
    expect(draft.positions[0]).toMatchObject({ measure: 0, beat: 1, measure_label: '0', beat_label: 4 });
    expect(draft.positions.find((p) => p.measure === 2)).toMatchObject({ measure_label: '1a' });
  });

  it('reads a 16-measure four-part chorale (timed), an .mxl and a timewise score', async () => {
    const started = performance.now();
    const long = await upload(owner, [{ name: 'long.xml', bytes: bytes(sixteenMeasures()) }]);
    const elapsed = Math.round(performance.now() - started);
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json().data.positions.length).toBeGreaterThanOrEqual(16 * 3);
    console.info(`upload to editable score, 16-measure four-part chorale (${dialect}): ${elapsed} ms`);

    const mxl = zipSync({
      'META-INF/container.xml': bytes('<container><rootfiles><rootfile full-path="c.musicxml"/></rootfiles></container>'),
      'c.musicxml': bytes(choraleXml),
    });
    const fromMxl = await upload(owner, [{ name: 'chorale.mxl', bytes: mxl }]);
    expect(fromMxl.statusCode, fromMxl.body).toBe(201);
    expect(fromMxl.json().data.converted).toMatchObject({ from_mxl: true });

    const timewise = choraleXml
      .replace('<score-partwise version="4.0">', '<score-timewise version="4.0">')
      .replace('</score-partwise>', '</score-timewise>')
      .replace(/<part id="(P\d)">([\s\S]*?)<\/part>/g, (_m, id: string, body: string) =>
        body.replace(/<measure([^>]*)>([\s\S]*?)<\/measure>/g, `<measure$1><part id="${id}">$2</part></measure>`),
      );
    const fromTimewise = await upload(owner, [{ name: 'timewise.xml', bytes: bytes(timewise) }]);
    expect(fromTimewise.statusCode, fromTimewise.body).toBe(201);
    expect(fromTimewise.json().data.converted).toMatchObject({ from_timewise: true });
  });

  it('refuses bad uploads with a 400 (413 when too big) that says what is wrong', async () => {
    const refused = async (files: Parameters<typeof multipart>[0]) => {
      const res = await upload(owner, files);
      return { status: res.statusCode, message: errorsOf(res)[0]?.messages?.[0] ?? errorsOf(res)[0]?.message };
    };
    expect(await refused([{ name: 'notes.txt', bytes: bytes('just words') }])).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The file is not MusicXML/),
    });
    expect(await refused([{ name: 'page.xml', bytes: bytes('<html><body/></html>') }])).toMatchObject({
      status: 400,
      message: expect.stringContaining('its root element is <html>'),
    });
    const silent = choraleXml.replace(/<note><pitch>[\s\S]*?<\/note>/g, '<note><rest/><duration>4</duration></note>');
    expect(await refused([{ name: 'rests.musicxml', bytes: bytes(silent) }])).toEqual({
      status: 400,
      message: 'The score has no notes: there is nothing to analyse.',
    });
    const confused = choraleXml.replace(/<part id="(P\d)">([\s\S]*?)<\/part>/g, (_m, id: string, body: string) =>
      body.replace(/<measure([^>]*)>([\s\S]*?)<\/measure>/g, `<measure$1><part id="${id}">$2</part></measure>`),
    );
    expect(await refused([{ name: 'confused.musicxml', bytes: bytes(confused) }])).toMatchObject({
      status: 400,
      message: expect.stringContaining('as in score-timewise'),
    });
    expect(await refused([{ name: 'broken.mxl', bytes: zipSync({ 'a.txt': bytes('x') }) }])).toMatchObject({ status: 400 });
    expect(await refused([{ name: 'big.musicxml', bytes: new Uint8Array(21 * 1024 * 1024) }])).toMatchObject({
      status: 413,
      message: 'The file is larger than 20 MB.',
    });
    const none = await owner.post(`/api/exercise-drafts?course_id=${courseId}`, {});
    expect(none.statusCode).toBe(400);
    expect((await owner.upload('/api/exercise-drafts', multipart([{ name: 'c.musicxml', bytes: bytes(choraleXml) }]))).statusCode).toBe(
      400,
    );
  });

  it('tells the instructor which analysis in the score students will not see, and leaves it out of their copy (issue 26)', async () => {
    expect((await uploadChorale()).json().data.removed_for_students).toEqual([]);
    const written = choraleXml
      .replace('</note>', '<lyric number="1"><syllable>single</syllable><text>ilyric</text></lyric></note>')
      .replace('<note>', '<harmony><root><root-step>A</root-step></root><kind text="iharmony">minor</kind></harmony><note>');
    const res = await upload(owner, [{ name: 'analysed.musicxml', bytes: bytes(written) }]);
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json().data;
    expect(draft.removed_for_students).toEqual([
      { kind: 'lyric', count: 1, examples: ['ilyric'] },
      { kind: 'harmony', count: 1, examples: ['A minor'] },
    ]);
    const items = handAnalysis(chorale).map((item) => ({ id: item.id, answers: item.answers, points: 1 }));
    const saved = await owner.post(`/api/exercise-drafts/${draft.id}/exercise`, { title: 'Analysed', items, assignment_set_id: setId });
    expect(saved.statusCode, saved.body).toBe(201);
    const row = await t.app.deps.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', saved.json().data.document.id)
      .executeTakeFirstOrThrow();
    const read = async (key: string) =>
      readHar(new Uint8Array(await new Response((await t.app.deps.storage.get(key)) as never).arrayBuffer()));
    const own = (await read(row.storage_key)).score;
    const copy = (await read(row.student_storage_key ?? '')).score;
    for (const secret of ['ilyric', 'iharmony']) {
      expect(own).toContain(secret);
      expect(copy).not.toContain(secret);
    }
  });

  it('lets only the course’s instructors make drafts: 401, 403, 404', async () => {
    expect((await uploadChorale(anonymous)).statusCode).toBe(401);
    expect((await uploadChorale(student)).statusCode).toBe(403);
    expect((await uploadChorale(ta)).statusCode).toBe(403);
    expect((await uploadChorale(other)).statusCode).toBe(404);
    expect((await upload(owner, [{ name: 'c.musicxml', bytes: bytes(choraleXml) }], 999_999)).statusCode).toBe(404);
  });

  it('saves the confirmed key as a .har into the set and the instructor’s own library, reusable in another course', async () => {
    const draft = (await uploadChorale()).json().data;
    const items = handAnalysis(chorale).map((item, i) => ({ id: item.id, answers: item.answers, points: i === 0 ? 2 : 1 }));
    const res = await owner.post(`/api/exercise-drafts/${draft.id}/exercise`, {
      title: 'Cadence in A minor',
      items,
      assignment_set_id: setId,
      add_to_library: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().data;
    expect(saved.document).toMatchObject({ title: 'Cadence in A minor' });
    expect(saved.library_document).toMatchObject({ title: 'Cadence in A minor' });

    const row = await t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', saved.document.id).executeTakeFirstOrThrow();
    const har = readHar(new Uint8Array(await new Response((await t.app.deps.storage.get(row.storage_key)) as never).arrayBuffer()));
    expect(har.manifest).toMatchObject({ kind: 'exercise', title: 'Cadence in A minor', document_key: row.doc_key });
    expect(har.key?.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(har.key?.items[0]).toMatchObject({ measure: 1, beat: 1, answers: ['i'], points: 2 });
    expect(har.key?.items.find((i) => i.id === 'm2b3')?.answers).toEqual(['V64', 'i64']);
    expect(row.student_storage_key).not.toBeNull();
    expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toHaveLength(1);

    // Own section: listed for its owner, not for another instructor; the picker copies it into another course.
    const mine = (await owner.get('/api/content-library')).json().data.find((s: { own: boolean }) => s.own);
    expect(mine.documents.map((d: { title: string }) => d.title)).toEqual(['Cadence in A minor']);
    const theirs = (await other.get('/api/content-library')).json().data;
    expect(theirs.some((s: { own: boolean }) => s.own)).toBe(false);
    const schoolId = await ensureSchool(t.app.deps.db, 'Northfield University', t.clock.now());
    const termId = await ensureAcademicTerm(t.app.deps.db, 'Fall', 2);
    const second = (await owner.post('/api/courses', { title: 'Harmony II', school_id: schoolId, academic_term_id: termId })).json().data;
    const secondSet = (await owner.post(`/api/courses/${second.id}/assignments`, {})).json().data.id;
    const copied = await owner.post(`/api/assignments/${secondSet}/documents`, { document_ids: [saved.library_document.id] });
    expect(copied.statusCode, copied.body).toBe(201);
    // Another instructor cannot pick it by id.
    const otherCourse = (await other.post('/api/courses', { title: 'Elsewhere', school_id: schoolId, academic_term_id: termId })).json()
      .data;
    const otherSet = (await other.post(`/api/courses/${otherCourse.id}/assignments`, {})).json().data.id;
    expect((await other.post(`/api/assignments/${otherSet}/documents`, { document_ids: [saved.library_document.id] })).statusCode).toBe(
      400,
    );
    expect((await other.get(`/api/content-library/${saved.library_document.id}/preview-url`)).statusCode).toBe(404);
  });

  it('saves without reading back what it wrote: the draft’s score read once for its positions, the .har written once, then stamped for the set', async () => {
    const draft = (await uploadChorale()).json().data;
    const runs: string[] = [];
    const { cpu } = t.app.deps;
    t.app.deps.cpu = {
      ...cpu,
      run: (task, args, options) => {
        runs.push(task);
        return cpu.run(task, args, options);
      },
    };
    const items = handAnalysis(chorale).map((item) => ({ id: item.id, answers: item.answers, points: 1 }));
    const res = await owner.post(`/api/exercise-drafts/${draft.id}/exercise`, {
      title: 'Written once',
      items,
      assignment_set_id: setId,
      add_to_library: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    // No readHar: neither the save nor the set nor "My exercises" reads back the file just written.
    // The student copy is laid out for the workspace at the save, from the copy just written (issue 40).
    expect(runs).toEqual(['analysisPositions', 'writeHar', 'writeHar', 'studentCopy', 'renderWorkspaceScore']);
    const read = async (key: string) =>
      readHar(new Uint8Array(await new Response((await t.app.deps.storage.get(key)) as never).arrayBuffer()));
    const libraryRow = await t.app.deps.db
      .selectFrom('library_documents')
      .selectAll()
      .where('id', '=', res.json().data.library_document.id)
      .executeTakeFirstOrThrow();
    const setRow = await t.app.deps.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', res.json().data.document.id)
      .executeTakeFirstOrThrow();
    const [library, course] = [await read(libraryRow.storage_key), await read(setRow.storage_key)];
    expect(library.manifest).toEqual({
      format: 'har',
      version: 1,
      kind: 'exercise',
      title: 'Written once',
      exercise_type: 'roman-numeral-analysis',
    });
    expect(course.manifest).toEqual({ ...library.manifest, document_key: setRow.doc_key });
    expect(course.key).toEqual(library.key);
    expect(library.key?.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect((await read(setRow.student_storage_key ?? '')).items?.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('refuses a save into the set and "My exercises" by an instructor without an instructor account as a whole: 403, nothing stored', async () => {
    // The course's TA made one of its instructors: they may make drafts and change its sets, but have no library of their own.
    await t.app.deps.db
      .updateTable('course_memberships')
      .set({ role: 'instructor' })
      .where('user_id', '=', taId)
      .where('course_id', '=', courseId)
      .execute();
    const coInstructor = ta;
    const draft = (await uploadChorale(coInstructor)).json().data;
    const url = `/api/exercise-drafts/${draft.id}/exercise`;
    const body = { title: 'Exercise', items: [{ id: 'm1b1', answers: ['i'], points: 1 }], assignment_set_id: setId };
    const stored = async () => {
      const keys: string[] = [];
      for await (const { key } of t.app.deps.storage.list()) keys.push(key);
      return keys.sort();
    };
    const before = await stored();
    const res = await coInstructor.post(url, { ...body, add_to_library: true });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorsOf(res)).toEqual([{ code: 'forbidden', message: AssignmentMessages.libraryOnlyInstructors }]);
    expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
    expect(await stored()).toEqual(before);
    // Into the set alone, the same save is theirs to make.
    const setOnly = await coInstructor.post(url, body);
    expect(setOnly.statusCode, setOnly.body).toBe(201);
    expect(setOnly.json().data).toMatchObject({ document: { title: 'Exercise' }, library_document: null });
  });

  it('refuses a save that is not the owner’s, not a key, or has nowhere to go', async () => {
    const draft = (await uploadChorale()).json().data;
    const url = `/api/exercise-drafts/${draft.id}/exercise`;
    const body = { title: 'Exercise', items: [{ id: 'm1b1', answers: ['i'], points: 1 }], assignment_set_id: setId };
    expect((await anonymous.post(url, body)).statusCode).toBe(401);
    expect((await other.post(url, body)).statusCode).toBe(404);
    expect((await student.post(url, body)).statusCode).toBe(404);
    expect((await owner.post('/api/exercise-drafts/999999/exercise', body)).statusCode).toBe(404);

    const bad = async (change: Record<string, unknown>) => {
      const res = await owner.post(url, { ...body, ...change });
      return { status: res.statusCode, errors: errorsOf(res) };
    };
    expect(await bad({ items: [{ id: 'm1b1', answers: ['Vx7'], points: 1 }] })).toMatchObject({
      status: 400,
      errors: [{ messages: ['"Vx7" is not a Roman numeral.'] }],
    });
    expect(await bad({ items: [{ id: 'm9b9', answers: ['I'], points: 1 }] })).toMatchObject({
      status: 400,
      errors: [{ field: 'items.0.id', messages: ['This item is not one of the score’s chords.'] }],
    });
    expect(await bad({ items: [] })).toMatchObject({ status: 400 });
    expect(await bad({ assignment_set_id: undefined })).toMatchObject({
      status: 400,
      errors: [{ messages: ['Choose an assignment set, your library, or both.'] }],
    });
    // A set of a course the owner does not teach: the set's own rule (404).
    expect((await bad({ assignment_set_id: 999_999 })).status).toBe(404);
  });

  it('saves an opening key and answers with keys and pivots (decision 031), and refuses a bad key or an answer over 64 characters', async () => {
    const draft = (await uploadChorale()).json().data;
    const url = `/api/exercise-drafts/${draft.id}/exercise`;
    const [first, second, third] = handAnalysis(chorale);
    const pivot = 'i = C: vi';
    const long = 'a: viio6/5/V = C: vii/o4/3[addb9]/IV';
    const items = [
      { id: first?.id, answers: ['i'], points: 1 },
      { id: second?.id, answers: [pivot, 'iv'], points: 1 },
      { id: third?.id, answers: [long], points: 1 },
    ];
    const res = await owner.post(url, { title: 'Modulating', key: 'a', items, assignment_set_id: setId });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.deps.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', res.json().data.document.id)
      .executeTakeFirstOrThrow();
    const read = async (key: string | null) =>
      readHar(new Uint8Array(await new Response((await t.app.deps.storage.get(key ?? '')) as never).arrayBuffer()));
    const har = await read(row.storage_key);
    expect(har.key?.key).toBe('a');
    expect(har.key?.items.map((i) => i.answers)).toEqual([['i'], [pivot, 'iv'], [long]]);
    // The student copy has the opening key and no answers.
    const copy = await read(row.student_storage_key);
    expect(copy.key).toBeUndefined();
    expect(copy.items?.key).toBe('a');

    const bad = async (change: Record<string, unknown>) => {
      const answer = await owner.post(url, { title: 'Modulating', items, assignment_set_id: setId, ...change });
      return { status: answer.statusCode, errors: errorsOf(answer) };
    };
    expect(await bad({ key: 'H' })).toMatchObject({
      status: 400,
      errors: [{ field: 'key', messages: ['The opening key must be a key such as "A", "f#" or "Bb".'] }],
    });
    expect(await bad({ items: [{ id: first?.id, answers: ['I = IV'], points: 1 }] })).toMatchObject({
      status: 400,
      errors: [{ messages: ['"I = IV" is not a Roman numeral.'] }],
    });
    expect(await bad({ items: [{ id: first?.id, answers: [`a: ${'V'.repeat(62)}`], points: 1 }] })).toMatchObject({
      status: 400,
      errors: [{ messages: expect.arrayContaining(['An answer can be at most 64 characters.']) }],
    });
    // Without a key the exercise is a one-key exercise as before.
    const plain = await owner.post(url, {
      title: 'Plain',
      items: [{ id: first?.id, answers: ['i'], points: 1 }],
      assignment_set_id: setId,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainRow = await t.app.deps.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', plain.json().data.document.id)
      .executeTakeFirstOrThrow();
    expect((await read(plainRow.storage_key)).key).not.toHaveProperty('key');
  });
});
