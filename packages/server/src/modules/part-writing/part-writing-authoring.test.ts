import { existsSync, readFileSync } from 'node:fs';
import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import { PartWritingMessages } from '@app/contract/part-writing';
import { CheckProblemMessages } from '@app/contract/part-writing/check';
import { chordPlaces, mergeChords, mergeLines, splitChord, splitPoints } from '@app/contract/part-writing/harmonic-rhythm';
import { partWritingExercise, readPartWritingHar } from '@app/har/part-writing/document';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';

/**
 * Create Exercise for part writing (issue 27): a figured-bass MusicXML read, the confirmed exercise
 * saved into a set and/or "My exercises" (the instructor's own library section), from where it goes
 * into any set of theirs — its model solution never in a student's copy.
 */

const FIGURED = {
  key: 'C major',
  meter: '4/4',
  given: ['B' as const],
  write: ['S' as const, 'A' as const, 'T' as const],
  chords: [
    { B: 'C3', figures: '' },
    { B: 'F3', figures: '6' },
    { B: 'G3', figures: '7' },
    { B: 'C3', figures: '', beats: 1 },
  ],
  points: 10,
};
// A real chorale from the shared corpus, read at run time (never copied into the repository).
const CHORALE = '/work/shared/corpora/bach-chorales/001.mxl';
const musicxml = (score = partWritingExercise('Figured bass', FIGURED).score) =>
  multipart([{ name: 'Figured bass 1.musicxml', bytes: Buffer.from(score) }]);

describe.each(dialects)('part-writing authoring (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;
  let taId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    taId = world.ta.id;
    [{ client: student }] = world.students as [SignedInUser];
    const set = await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 86400 });
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  const draft = (client: TestClient, body = musicxml(), course = courseId) =>
    client.upload(`/api/exercise-drafts/part-writing?course_id=${course}`, body);

  it('reads a figured bass: the given bass, the voices to write, figures, key, meter and every rule’s default', async () => {
    const res = await draft(owner);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ title: 'Figured bass 1', key: 'C', meter: '4/4', style: 'free', given: ['B'], write: ['S', 'A', 'T'] });
    expect(data.chords).toEqual([
      { B: 'C3', figures: '', beats: 1 },
      { B: 'F3', figures: '6', beats: 1 },
      { B: 'G3', figures: '7', beats: 1 },
      { B: 'C3', figures: '', beats: 1 },
    ]);
    expect(data.rules['parallel-fifths']).toEqual({ on: true, points: 3 });
    expect(data.rules['seventh-preparation']).toEqual({ on: false, points: 1 });
  });

  it('reads a given bass with its rhythm (issue 35): a pickup, a note tied over the barline, a change of metre and a rest; the draft saves as read', async () => {
    const note = (step: string, octave: number, duration: number, extra = '') =>
      `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>${duration}</duration>${extra}</note>`;
    const figure = '<figured-bass><figure><figure-number>6</figure-number></figure></figured-bass>';
    const score = `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Bass</part-name></score-part></part-list><part id="P1">
      <measure number="0" implicit="yes"><attributes><divisions>4</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>F</sign><line>4</line></clef></attributes>${note('C', 3, 4)}</measure>
      <measure number="1">${note('F', 3, 4)}${figure}${note('G', 3, 2)}${note('E', 3, 2)}${note('A', 3, 8, '<tie type="start"/>')}</measure>
      <measure number="2"><attributes><time><beats>3</beats><beat-type>4</beat-type></time></attributes>${note('A', 3, 4, '<tie type="stop"/>')}${note('G', 3, 4)}<note><rest/><duration>4</duration></note></measure>
      <measure number="3">${note('C', 3, 12)}</measure></part></score-partwise>`;
    const res = await draft(owner, multipart([{ name: 'Rhythm.musicxml', bytes: Buffer.from(score) }]));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ key: 'C', meter: '4/4', given: ['B'], pickup: 1, first_measure: 0 });
    expect(data.chords).toEqual([
      { B: 'C3', figures: '', beats: 1 },
      { B: 'F3', figures: '', beats: 1 },
      { B: 'G3', figures: '6', beats: 0.5 },
      { B: 'E3', figures: '', beats: 0.5 },
      { B: 'A3~', figures: '', beats: 2 },
      { B: 'A3', figures: '', beats: 1, meter: '3/4' },
      { B: 'G3:4+r:4', figures: '', beats: 2 },
      { B: 'C3', figures: '', beats: 3 },
    ]);
    const saved = await owner.post('/api/part-writing/exercises', {
      title: 'A bass with rhythm',
      assignment_set_id: setId,
      ...Object.fromEntries(
        ['key', 'meter', 'given', 'write', 'chords', 'rules', 'points', 'pickup', 'first_measure'].map((k) => [k, data[k]]),
      ),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const view = (await student.get(`/api/documents/${saved.json().data.id}/workspace`)).json().data.part_writing;
    expect(view.chords.map((c: { B: string }) => c.B)).toEqual(data.chords.map((c: { B: string }) => c.B));
  });

  it('is for the course’s instructors, and refuses no file, a score that is not MusicXML and a key change mid-chord', async () => {
    expect((await draft(anonymous)).statusCode).toBe(401);
    expect((await draft(student)).statusCode).toBe(403);
    expect(errorsOf(await draft(ta))[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    expect((await draft(other)).statusCode).toBe(404);
    const none = await owner.upload(`/api/exercise-drafts/part-writing?course_id=${courseId}`, multipart([]));
    expect(errorsOf(none)).toEqual([{ field: 'file', messages: [AuthoringMessages.noFile] }]);
    const notXml = await draft(owner, multipart([{ name: 'x.musicxml', bytes: Buffer.from('hello') }]));
    expect(notXml.statusCode).toBe(400);
    const long = partWritingExercise('x', { ...FIGURED, chords: FIGURED.chords.map((c) => ({ ...c, beats: 2 })) }).score;
    const inside = long.replace(
      '<measure number="2">',
      '<measure number="2"><backup><duration>2</duration></backup><attributes><key><fifths>1</fifths></key></attributes><forward><duration>2</duration></forward>',
    );
    const mid = await draft(owner, musicxml(inside));
    expect(errorsOf(mid)).toEqual([
      { field: 'file', messages: ['Measure 2: the key changes in the middle of a chord; change the key where a chord begins.'] },
    ]);
  });

  describe('a whole chorale, its given voices chosen (corpus 001.mxl, read at run time; QA Q5)', () => {
    const chorale = () => multipart([{ name: '001.mxl', bytes: readFileSync(CHORALE) }]);
    const choose = (client: TestClient, given: string, course = courseId) =>
      client.upload(`/api/exercise-drafts/part-writing?course_id=${course}&given=${encodeURIComponent(given)}`, chorale());

    it.runIf(existsSync(CHORALE))('answers the score’s voices by their part names, then the exercise of the chosen bass', async () => {
      const listed = await draft(owner, chorale());
      expect(listed.statusCode, listed.body).toBe(201);
      expect(listed.json().data).toEqual({
        title: '001',
        choose: [
          { voice: 'S', part: 'Soprano' },
          { voice: 'A', part: 'Alto' },
          { voice: 'T', part: 'Tenor' },
          { voice: 'B', part: 'Bass' },
        ],
      });
      const res = await choose(owner, 'B');
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({
        title: '001',
        key: 'G',
        meter: '3/4',
        given: ['B'],
        write: ['S', 'A', 'T'],
        pickup: 1,
        first_measure: 0,
      });
      // Chords at the chorale's harmonic rhythm (69 harmonies over 63 bass notes), every voice's rhythm kept.
      expect(data.chords).toHaveLength(69);
      expect(data.chords.slice(0, 4)).toEqual([
        { B: 'G2', beats: 1 },
        { B: 'G3', beats: 1 },
        { B: 'E3~', beats: 0.5 },
        { B: 'E3', beats: 0.5 },
      ]);
      expect(data.model.chords[0]).toEqual({ S: 'G4', A: 'D4', T: 'B3' });
      // A chorale starts from the chorale costs: Bach's licences shown, free until the instructor prices them; parallels a point.
      expect(data.rules.crossing).toEqual({ on: true, points: 0 });
      expect(data.rules['parallel-fifths']).toEqual({ on: true, points: 1 });
      expect(data.voices.map((v: { part: string }) => v.part)).toEqual(['Soprano', 'Alto', 'Tenor', 'Bass']);
      // The soprano given: the lower voices are the model.
      const melody = (await choose(owner, 'S')).json().data;
      expect(melody).toMatchObject({ given: ['S'], write: ['A', 'T', 'B'] });
      expect(melody.model.chords[0]).toEqual({ A: 'D4', T: 'B3', B: 'G2' });
    });

    it.runIf(existsSync(CHORALE))('is for the course’s instructors and refuses a choice that is not one, coded', async () => {
      expect((await choose(anonymous, 'B')).statusCode).toBe(401);
      expect((await choose(student, 'B')).statusCode).toBe(403);
      expect(errorsOf(await choose(ta, 'B'))[0]?.message).toBe(AssignmentMessages.onlyInstructors);
      expect((await choose(other, 'B')).statusCode).toBe(404);
      for (const given of ['X', 'B,B', 'S,,B', 'SB']) {
        const bad = await choose(owner, given);
        expect(bad.statusCode).toBe(400);
        expect(errorsOf(bad)).toEqual([{ field: 'given', messages: [PartWritingMessages.givenQuery] }]);
        expect(bad.json().message_codes).toEqual([[{ code: 'partWriting.givenQuery' }]]);
      }
      const all = await choose(owner, 'S,A,T,B');
      expect(errorsOf(all)).toEqual([
        {
          field: 'file',
          messages: ["Choose one or more of the score's voices (S, A, T, B) to give, and leave at least one for the students to write."],
        },
      ]);
      expect(all.json().message_codes).toEqual([[{ code: 'har.pwGivenChoice', params: { voices: 'S, A, T, B' } }]]);
      for (const parts of ['0', '0,1,2', '0,0,1,2', 'a,b', '0,1,2,3,4']) {
        const bad = await owner.upload(
          `/api/exercise-drafts/part-writing?course_id=${courseId}&given=B&parts=${encodeURIComponent(parts)}`,
          chorale(),
        );
        expect(bad.statusCode).toBe(400);
        expect(errorsOf(bad)).toEqual([{ field: 'parts', messages: [PartWritingMessages.partsQuery] }]);
        expect(bad.json().message_codes).toEqual([[{ code: 'partWriting.partsQuery' }]]);
      }
      // Lines the score does not have.
      const missing = await owner.upload(`/api/exercise-drafts/part-writing?course_id=${courseId}&given=B&parts=0,1,2,9`, chorale());
      expect(errorsOf(missing)).toEqual([
        {
          field: 'file',
          messages: [
            'Choose a different line of the score (it has 4) for each of the soprano, alto, tenor and bass, or for the soprano and bass.',
          ],
        },
      ]);
      expect(missing.json().message_codes).toEqual([[{ code: 'har.pwPartsChoice', params: { count: 4 } }]]);
    });

    it.runIf(existsSync(CHORALE))(
      'soprano and bass given (the most common chorale exercise): saved, the student writes alto and tenor with the chorale’s rhythm',
      async () => {
        const res = await choose(owner, 'S,B');
        expect(res.statusCode, res.body).toBe(201);
        const data = res.json().data;
        expect(data).toMatchObject({ key: 'G', given: ['S', 'B'], write: ['A', 'T'] });
        expect(data.chords[2]).toEqual({ S: 'G4~', B: 'E3~', beats: 0.5 });
        expect(data.model.chords[9]).toEqual({ A: 'E4:8+D4:8', T: 'C4:8+B3:8' });
        const saved = await owner.post('/api/part-writing/exercises', {
          title: 'Chorale 001 S+B',
          assignment_set_id: setId,
          ...Object.fromEntries(
            ['key', 'meter', 'given', 'write', 'chords', 'rules', 'points', 'pickup', 'first_measure', 'model'].map((k) => [k, data[k]]),
          ),
        });
        expect(saved.statusCode, saved.body).toBe(201);
        const ws = await student.get(`/api/documents/${saved.json().data.id}/workspace`);
        expect(ws.statusCode, ws.body).toBe(200);
        const view = ws.json().data.part_writing;
        expect(view).toMatchObject({ given: ['S', 'B'], write: ['A', 'T'] });
        expect(view.chords[2]).toMatchObject({ S: 'G4~', B: 'E3~', beats: 0.5 });
        expect(view.chords.some((c: { phrase_end?: boolean }) => c.phrase_end)).toBe(true);
        expect(ws.body).not.toContain('E4:8+D4:8');
      },
    );

    it.runIf(existsSync(CHORALE))(
      'saves a chord merged with the next and a chord split by the instructor (issue 35); lines that do not fill their chords and a merge over the barline are refused',
      async () => {
        const data = (await choose(owner, 'S,B')).json().data;
        type Chord = { beats: number; S?: string; B?: string; phrase_end?: boolean };
        // Chords 3 and 4 (the soprano's G4 and the bass's E3 tied over a chord change in measure 1) merged: one quarter each.
        const merged = mergeChords({ meter: data.meter, pickup: data.pickup, chords: data.chords as Chord[] }, 2, data.model.chords);
        if (!('chords' in merged)) throw new Error(merged.refused);
        expect(merged.chords[2]).toEqual({ S: 'G4', B: 'E3', beats: 1 });
        // The first chord of two beats or more split on its second beat: its held notes tied over the cut.
        const long = merged.chords.findIndex(
          (c, i) => c.beats >= 2 && splitPoints({ ...data, chords: merged.chords }, i, merged.model).length > 0,
        );
        const at = splitPoints({ ...data, chords: merged.chords }, long, merged.model)[0] as number;
        const split = splitChord({ meter: data.meter, pickup: data.pickup, chords: merged.chords }, long, at, merged.model);
        if (!('chords' in split)) throw new Error(split.refused);
        expect(split.chords).toHaveLength(data.chords.length);
        const body = {
          title: 'Chorale 001, harmonic rhythm adjusted',
          assignment_set_id: setId,
          ...Object.fromEntries(['key', 'meter', 'given', 'write', 'rules', 'points', 'pickup', 'first_measure'].map((k) => [k, data[k]])),
          chords: split.chords,
          model: { chords: split.model },
        };
        const saved = await owner.post('/api/part-writing/exercises', body);
        expect(saved.statusCode, saved.body).toBe(201);
        const id = saved.json().data.id;
        const teacherFile = (await owner.get(`/api/documents/${id}/file-url`)).json().data;
        const kept = readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: teacherFile.url })).rawPayload));
        expect(kept.exercise.chords.map((c) => c.beats)).toEqual(split.chords.map((c) => c.beats));
        expect(kept.exercise.chords[2]).toMatchObject({ S: 'G4', B: 'E3', beats: 1 });
        expect(kept.model?.chords[long + 1]).toEqual(split.model[long + 1]);
        const view = (await student.get(`/api/documents/${id}/workspace`)).json().data.part_writing;
        expect(view.chords).toHaveLength(split.chords.length);
        expect(view.chords[2]).toMatchObject({ S: 'G4', B: 'E3', beats: 1 });

        // The save checks the lines again: a given line and a model line that do not fill their chords.
        const short = structuredClone(body);
        short.chords[2] = { ...short.chords[2], beats: 1, B: 'E3:8' } as (typeof short.chords)[number];
        (short.model.chords[2] as Record<string, string>).A = 'B3:8';
        const unfilled = await owner.post('/api/part-writing/exercises', short);
        expect(unfilled.statusCode).toBe(400);
        expect(errorsOf(unfilled)).toEqual([
          { field: 'chords.2.B', messages: [CheckProblemMessages.lineLength('E3:8')] },
          { field: 'model.chords.2.A', messages: [CheckProblemMessages.lineLength('B3:8')] },
        ]);
        expect(CheckProblemMessages.lineLength('E3:8')).toBe(
          'The notes "E3:8" do not fill their chord: their lengths must add up to the chord\'s.',
        );
        // Chords merged over a barline (the pickup's G2 and the downbeat's G3) cross it.
        const places = chordPlaces({ meter: data.meter, pickup: data.pickup, chords: split.chords });
        expect(places?.[0]?.measure).not.toBe(places?.[1]?.measure);
        const [first, second] = split.chords as [Chord, Chord];
        const over = {
          ...body,
          chords: [
            {
              ...first,
              beats: first.beats + second.beats,
              B: mergeLines(first.B ?? '', first.beats, second.B ?? '', second.beats),
              S: mergeLines(first.S ?? '', first.beats, second.S ?? '', second.beats),
            },
            ...split.chords.slice(2),
          ],
          model: { chords: [{}, ...split.model.slice(2)] },
        };
        const crossing = await owner.post('/api/part-writing/exercises', over);
        expect(crossing.statusCode).toBe(400);
        expect(errorsOf(crossing)[0]).toEqual({ field: 'chords.0.beats', messages: [PartWritingMessages.crossesBarline('1')] });
        expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toHaveLength(1);
      },
    );

    it.runIf(existsSync(CHORALE))(
      'saves the bass with Bach’s voices as the model: the student sees the bass in the chorale’s measures, never the model',
      async () => {
        const data = (await choose(owner, 'B')).json().data;
        const body = {
          title: 'Chorale 001 bass',
          assignment_set_id: setId,
          key: data.key,
          meter: data.meter,
          given: data.given,
          write: data.write,
          chords: data.chords,
          rules: data.rules,
          points: data.points,
          pickup: data.pickup,
          first_measure: data.first_measure,
          model: data.model,
        };
        const saved = await owner.post('/api/part-writing/exercises', body);
        expect(saved.statusCode, saved.body).toBe(201);
        const id = saved.json().data.id;
        const teacherFile = (await owner.get(`/api/documents/${id}/file-url`)).json().data;
        const kept = readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: teacherFile.url })).rawPayload));
        expect(kept.model?.chords[0]).toEqual({ S: 'G4', A: 'D4', T: 'B3' });
        expect(kept.exercise).toMatchObject({ pickup: 1, first_measure: 0 });
        expect(kept.score).toContain('<measure number="0" implicit="yes">');
        const ws = await student.get(`/api/documents/${id}/workspace`);
        expect(ws.statusCode, ws.body).toBe(200);
        const view = ws.json().data;
        expect(view.part_writing).toMatchObject({ key: 'G', meter: '3/4', given: ['B'], pickup: 1, first_measure: 0 });
        expect(view.part_writing.chords.slice(0, 3).map((c: { B: string }) => c.B)).toEqual(['G2', 'G3', 'E3~']);
        // Chords placed as the chorale's measures: the pickup is beat 3 of measure 0.
        expect(view.items.slice(0, 2).map((i: { measure: number; beat: number }) => [i.measure, i.beat])).toEqual([
          [0, 3],
          [1, 1],
        ]);
        expect(ws.body).not.toContain('model');
        const fileUrl = await student.get(`/api/documents/${id}/file-url`);
        const file = (await t.app.inject({ method: 'GET', url: fileUrl.json().data.url })).rawPayload;
        expect(Object.keys(unzipSync(new Uint8Array(file))).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml']);
        // A pickup the meter cannot hold is refused at its field.
        const tooLong = await owner.post('/api/part-writing/exercises', { ...body, pickup: 3 });
        expect(tooLong.statusCode).toBe(400);
        expect(errorsOf(tooLong)[0]?.field).toBe('pickup');
      },
    );
  });

  describe('five sung parts and the key from the music (issue 35)', () => {
    /** Five named sung parts, one measure of C major (a real five-voice chorale's part names). */
    const fiveVoices = () => {
      const names = ['Soprano 1', 'Soprano 2', 'Alto', 'Tenor', 'Bass'];
      const pitches = [
        ['E', 5, 'D', 5, 'C', 5],
        ['C', 5, 'B', 4, 'G', 4],
        ['G', 4, 'G', 4, 'E', 4],
        ['E', 4, 'D', 4, 'C', 4],
        ['C', 3, 'G', 2, 'C', 3],
      ] as const;
      const part = (p: readonly (string | number)[], i: number) =>
        `<part id="P${i + 1}"><measure number="1"><attributes><divisions>1</divisions><key><fifths>0</fifths><mode>major</mode></key><time><beats>4</beats><beat-type>4</beat-type></time></attributes>${[
          0, 2, 4,
        ]
          .map(
            (j, k) =>
              `<note><pitch><step>${p[j]}</step><octave>${p[j + 1]}</octave></pitch><duration>${k === 2 ? 2 : 1}</duration><voice>1</voice></note>`,
          )
          .join('')}</measure></part>`;
      const xml = `<?xml version="1.0"?><score-partwise version="4.0"><part-list>${names
        .map((n, i) => `<score-part id="P${i + 1}"><part-name>${n}</part-name></score-part>`)
        .join('')}</part-list>${pitches.map(part).join('')}</score-partwise>`;
      return multipart([{ name: 'Five.musicxml', bytes: Buffer.from(xml) }]);
    };
    const upload = (client: TestClient, query: string, course = courseId) =>
      client.upload(`/api/exercise-drafts/part-writing?course_id=${course}${query}`, fiveVoices());

    it('lists every line with the voice it is read as, refuses the given voices until the four sung parts are chosen, then reads them', async () => {
      expect((await upload(anonymous, '')).statusCode).toBe(401);
      expect((await upload(student, '')).statusCode).toBe(403);
      expect((await upload(other, '&given=B&parts=1,2,3,4')).statusCode).toBe(404);
      const listed = await upload(owner, '');
      expect(listed.statusCode, listed.body).toBe(201);
      expect(listed.json().data).toEqual({
        title: 'Five',
        choose: [
          { voice: 'S', part: 'Soprano 1' },
          { voice: 'A', part: 'Alto' },
          { voice: 'T', part: 'Tenor' },
          { voice: 'B', part: 'Bass' },
        ],
        lines: [
          { voice: 'S', part: 'Soprano 1' },
          { part: 'Soprano 2' },
          { voice: 'A', part: 'Alto' },
          { voice: 'T', part: 'Tenor' },
          { voice: 'B', part: 'Bass' },
        ],
        unclear: true,
      });
      const unchosen = await upload(owner, '&given=B');
      expect(errorsOf(unchosen)).toEqual([
        {
          field: 'file',
          messages: [
            'The score has 5 sung parts (Soprano 1, Soprano 2, Alto, Tenor, Bass): choose which four are the soprano, alto, tenor and bass (the others are left out), then the given voices.',
          ],
        },
      ]);
      expect(unchosen.json().message_codes).toEqual([
        [{ code: 'har.pwChooseSung', params: { count: 5, parts: 'Soprano 1, Soprano 2, Alto, Tenor, Bass' } }],
      ]);
      // Soprano 2 sung as the soprano, Soprano 1 left out; the soprano and bass given.
      const chosen = await upload(owner, '&given=S,B&parts=1,2,3,4');
      expect(chosen.statusCode, chosen.body).toBe(201);
      const data = chosen.json().data;
      expect(data).toMatchObject({ given: ['S', 'B'], write: ['A', 'T'], parts: { S: 1, A: 2, T: 3, B: 4 } });
      expect(data.chords[0]).toMatchObject({ S: 'C5', B: 'C3' });
      expect(data.voices.map((v: { part: string }) => v.part)).toEqual(['Soprano 2', 'Alto', 'Tenor', 'Bass']);
      expect(data.lines).toHaveLength(5);
    });

    const DORIAN = '/work/shared/corpora/bach-chorales/321.mxl';
    it.runIf(existsSync(DORIAN))(
      'takes the key from the music: a one-flat (Dorian) signature in G minor is G minor, the signature said',
      async () => {
        const res = await owner.upload(
          `/api/exercise-drafts/part-writing?course_id=${courseId}&given=B`,
          multipart([{ name: '321.mxl', bytes: readFileSync(DORIAN) }]),
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ key: 'g', signature_key: 'd' });
      },
    );
  });

  it('saves the confirmed exercise into a set, where students find it to write', async () => {
    const data = (await draft(owner)).json().data;
    const body = {
      title: 'Figured bass 1',
      assignment_set_id: setId,
      key: data.key,
      meter: data.meter,
      given: data.given,
      write: ['S', 'A', 'T'],
      chords: data.chords,
      rules: { ...data.rules, 'parallel-fifths': { on: true, points: 5 }, overlap: { on: false, points: 1 } },
      points: 12,
    };
    const saved = await owner.post('/api/part-writing/exercises', body);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ title: 'Figured bass 1', library_document: null });
    const ws = (await student.get(`/api/documents/${saved.json().data.id}/workspace`)).json().data;
    expect(ws.part_writing).toMatchObject({ key: 'C', given: ['B'], write: ['S', 'A', 'T'], points: 12 });
    expect(ws.part_writing.rules['parallel-fifths']).toEqual({ on: true, points: 5 });
    expect(ws.part_writing.rules.overlap).toEqual({ on: false, points: 1 });

    expect((await anonymous.post('/api/part-writing/exercises', body)).statusCode).toBe(401);
    expect((await student.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
    expect((await ta.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
    expect((await other.post('/api/part-writing/exercises', body)).statusCode).toBe(404);
    const bad = await owner.post('/api/part-writing/exercises', { ...body, write: ['S', 'A'] });
    expect(errorsOf(bad)).toEqual([{ field: 'write', messages: [PartWritingMessages.voicesToWrite] }]);
    const threeVoices = await owner.post('/api/part-writing/exercises', {
      ...body,
      chords: [{ B: 'C3', T: 'E3', figures: '', beats: 1 }, ...body.chords.slice(1)],
    });
    expect(errorsOf(threeVoices)).toEqual([{ field: 'chords.0.T', messages: [PartWritingMessages.notGivenVoice('1')] }]);
  });
  describe('saved to "My exercises"', () => {
    const fetchFile = async (url: string) => new Uint8Array((await t.app.inject({ method: 'GET', url })).rawPayload);
    /** A model whose notes no given voice uses, so they can be searched for. */
    const MODEL = {
      chords: [
        { S: 'G5', A: 'C5', T: 'E4' },
        { S: 'F5', A: 'C5', T: 'A4' },
        { S: 'F5', A: 'B4', T: 'G4' },
        { S: 'E5', A: 'C5', T: 'G4' },
      ],
    };
    const exercise = (extra: Record<string, unknown>) => ({
      title: 'Figured bass for later',
      key: 'C major',
      meter: '4/4',
      given: ['B'],
      write: ['S', 'A', 'T'],
      chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '', beats: 1 })),
      rules: { 'parallel-fifths': { on: true, points: 5 } },
      points: 12,
      model: MODEL,
      ...extra,
    });

    it('saves into the own library alone; "Add from Library" puts it in a set; the student copy has no model', async () => {
      const saved = await owner.post('/api/part-writing/exercises', exercise({ add_to_library: true }));
      expect(saved.statusCode, saved.body).toBe(201);
      const { library_document: made } = saved.json().data;
      expect(saved.json().data).toEqual({ library_document: { id: made.id, title: 'Figured bass for later' } });
      // Listed in the owner's own section only, beside no set document.
      const mine = (await owner.get('/api/content-library')).json().data.find((s: { own: boolean }) => s.own);
      expect(mine.documents.map((d: { id: number; title: string }) => [d.id, d.title])).toEqual([[made.id, 'Figured bass for later']]);
      expect((await other.get('/api/content-library')).json().data.some((s: { own: boolean }) => s.own)).toBe(false);
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
      // Its preview is drawn (the part-writing score, figures and all) for the library's picker.
      await t.app.deps.jobs.drain();
      const preview = (await owner.get(`/api/content-library/${made.id}/preview-url`)).json().data;
      expect(preview).toMatchObject({ status: 'READY', error: null });
      // The library copy keeps the model (it is the teacher's).
      const row = await t.app.deps.db.selectFrom('library_documents').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
      const kept = readPartWritingHar(
        new Uint8Array(await new Response((await t.app.deps.storage.get(row.storage_key)) as never).arrayBuffer()),
      );
      expect(kept.model?.chords[0]).toEqual(MODEL.chords[0]);

      // From the library into the set: the students write it; nothing they receive holds the model.
      const copied = await owner.post(`/api/assignments/${setId}/documents`, { document_ids: [made.id] });
      expect(copied.statusCode, copied.body).toBe(201);
      const doc = copied.json().data[0];
      const ws = await student.get(`/api/documents/${doc.id}/workspace`);
      expect(ws.statusCode, ws.body).toBe(200);
      expect(ws.json().data.part_writing).toMatchObject({ given: ['B'], write: ['S', 'A', 'T'], points: 12 });
      expect(ws.json().data.part_writing.rules['parallel-fifths']).toEqual({ on: true, points: 5 });
      for (const note of ['G5', 'F5']) expect(ws.body).not.toContain(note);
      const forStudent = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data;
      const entries = unzipSync(await fetchFile(forStudent.url));
      expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml']);
      const forTeacher = (await ta.get(`/api/documents/${doc.id}/file-url`)).json().data;
      expect(readPartWritingHar(await fetchFile(forTeacher.url)).model).toEqual(MODEL);
      // The library (and its previews) is for instructors; a student cannot list it.
      expect((await student.get('/api/content-library')).statusCode).toBe(403);
    });

    it('saves into a set and the library at once', async () => {
      const saved = await owner.post('/api/part-writing/exercises', exercise({ assignment_set_id: setId, add_to_library: true }));
      expect(saved.statusCode, saved.body).toBe(201);
      const data = saved.json().data;
      expect(data).toMatchObject({ title: 'Figured bass for later', library_document: { title: 'Figured bass for later' } });
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data.map((d: { id: number }) => d.id)).toEqual([data.id]);
      const mine = (await owner.get('/api/content-library')).json().data.find((s: { own: boolean }) => s.own);
      expect(mine.documents.map((d: { id: number }) => d.id)).toEqual([data.library_document.id]);
      const ws = await student.get(`/api/documents/${data.id}/workspace`);
      for (const note of ['G5', 'F5']) expect(ws.body).not.toContain(note);
    });

    it('is for instructor accounts: signed out 401, a student or TA 403; another course’s set 404', async () => {
      const body = exercise({ add_to_library: true });
      expect((await anonymous.post('/api/part-writing/exercises', body)).statusCode).toBe(401);
      for (const client of [student, ta]) {
        const res = await client.post('/api/part-writing/exercises', body);
        expect(res.statusCode).toBe(403);
        expect(errorsOf(res)[0]?.message).toBe(AssignmentMessages.libraryOnlyInstructors);
      }
      const elsewhere = await other.post('/api/part-writing/exercises', exercise({ assignment_set_id: setId, add_to_library: true }));
      expect(elsewhere.statusCode).toBe(404);
      // Nothing reached a library.
      expect((await other.get('/api/content-library')).json().data.some((s: { own: boolean }) => s.own)).toBe(false);
      expect((await owner.get('/api/content-library')).json().data.some((s: { own: boolean }) => s.own)).toBe(false);
    });

    it('refuses a save into the set and "My exercises" by an instructor without an instructor account as a whole: 403, nothing stored', async () => {
      // The course's TA made one of its instructors: they may change its sets, but have no library of their own.
      await t.app.deps.db
        .updateTable('course_memberships')
        .set({ role: 'instructor' })
        .where('user_id', '=', taId)
        .where('course_id', '=', courseId)
        .execute();
      const coInstructor = ta;
      const stored = async () => {
        const keys: string[] = [];
        for await (const { key } of t.app.deps.storage.list()) keys.push(key);
        return keys.sort();
      };
      const before = await stored();
      const res = await coInstructor.post('/api/part-writing/exercises', exercise({ assignment_set_id: setId, add_to_library: true }));
      expect(res.statusCode, res.body).toBe(403);
      expect(errorsOf(res)).toEqual([{ code: 'forbidden', message: AssignmentMessages.libraryOnlyInstructors }]);
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
      expect(await stored()).toEqual(before);
      // Into the set alone, the same save is theirs to make.
      const setOnly = await coInstructor.post('/api/part-writing/exercises', exercise({ assignment_set_id: setId }));
      expect(setOnly.statusCode, setOnly.body).toBe(201);
      expect(setOnly.json().data.library_document).toBeNull();
    });

    it('refuses a save with nowhere to go and a model that leaves a voice out, with the exact message', async () => {
      const nowhere = await owner.post('/api/part-writing/exercises', exercise({}));
      expect(nowhere.statusCode).toBe(400);
      expect(errorsOf(nowhere)).toEqual([{ field: 'assignment_set_id', messages: [AuthoringMessages.noDestination] }]);
      const notLibrary = await owner.post('/api/part-writing/exercises', exercise({ add_to_library: false }));
      expect(errorsOf(notLibrary)).toEqual([{ field: 'assignment_set_id', messages: [AuthoringMessages.noDestination] }]);
      const gap = { chords: MODEL.chords.map((c, i) => (i === 2 ? { S: c.S, T: c.T } : c)) };
      const bad = await owner.post('/api/part-writing/exercises', exercise({ add_to_library: true, model: gap }));
      expect(bad.statusCode).toBe(400);
      expect(errorsOf(bad)).toEqual([{ field: 'model.chords.2', messages: [PartWritingMessages.modelMissing('3')] }]);
      expect((await owner.get('/api/content-library')).json().data.some((s: { own: boolean }) => s.own)).toBe(false);
    });
  });
  describe('the given voice typed (no upload), with a model solution', () => {
    /** A figured bass typed as Create Exercise sends it: the bass, each chord's figures, one beat each. */
    const TYPED = {
      title: 'Typed figured bass',
      key: 'a',
      meter: '4/4',
      style: 'free' as const,
      given: ['B'],
      write: ['S', 'A', 'T'],
      chords: [
        { B: 'A2', figures: '', beats: 1 },
        { B: 'D3', figures: '6', beats: 1 },
        { B: 'E3', figures: '7b', beats: 1 },
        { B: 'E3', figures: '#', beats: 1 },
        { B: 'A2', figures: '', beats: 1 },
      ],
      points: 20,
    };
    // Notes no given voice has, to search the student's answers for: a model of the typed bass.
    const MODEL = {
      chords: [
        { S: 'E5', A: 'C5', T: 'A3' },
        { S: 'F5', A: 'D5', T: 'A3' },
        { S: 'G5', A: 'D5', T: 'B3' },
        { S: 'G#5', A: 'D5', T: 'B3' },
        { S: 'A5', A: 'C5', T: 'A3' },
      ],
    };

    it('saves a typed figured bass with its model into a set: the student writes it, and nothing the student gets holds the model', async () => {
      const saved = await owner.post('/api/part-writing/exercises', { ...TYPED, assignment_set_id: setId, model: MODEL });
      expect(saved.statusCode, saved.body).toBe(201);
      const id = saved.json().data.id;
      // The teacher's copy keeps the model and the figures as typed.
      const teacherFile = (await owner.get(`/api/documents/${id}/file-url`)).json().data;
      const kept = readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: teacherFile.url })).rawPayload));
      expect(kept.model).toEqual(MODEL);
      expect(kept.exercise.chords.map((c) => c.figures)).toEqual(['', '6', '7b', '#', '']);
      expect(kept.score).toContain('<figure-number>7</figure-number><suffix>flat</suffix>');

      // The student: the workspace, the set's document list and the download, none with a model note.
      const ws = await student.get(`/api/documents/${id}/workspace`);
      expect(ws.statusCode, ws.body).toBe(200);
      expect(ws.json().data.part_writing).toMatchObject({ key: 'a', given: ['B'], write: ['S', 'A', 'T'], points: 20 });
      expect(ws.json().data.part_writing.chords.map((c: { B: string }) => c.B)).toEqual(['A2', 'D3', 'E3', 'E3', 'A2']);
      const listed = await student.get(`/api/assignments/${setId}/documents`);
      expect(listed.statusCode, listed.body).toBe(200);
      const fileUrl = await student.get(`/api/documents/${id}/file-url`);
      expect(fileUrl.statusCode, fileUrl.body).toBe(200);
      const file = (await t.app.inject({ method: 'GET', url: fileUrl.json().data.url })).rawPayload;
      const entries = unzipSync(new Uint8Array(file));
      expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml']);
      const studentText = [ws.body, listed.body, ...Object.values(entries).map((bytes) => Buffer.from(bytes).toString('utf8'))].join('\n');
      for (const note of ['E5', 'F5', 'G5', 'G#5', 'A5', 'model']) expect(studentText).not.toContain(note);
    });

    it('is for the set’s instructor: signed out 401, a student 403, another course’s instructor 404', async () => {
      const body = { ...TYPED, assignment_set_id: setId, model: MODEL };
      expect((await anonymous.post('/api/part-writing/exercises', body)).statusCode).toBe(401);
      expect((await student.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
      expect((await ta.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
      expect((await other.post('/api/part-writing/exercises', body)).statusCode).toBe(404);
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
    });

    it('refuses a typed voice left empty, a bad pitch, figures that are not figures, a bad numeral and key, each field with its sentence', async () => {
      const post = (extra: Record<string, unknown>) =>
        owner.post('/api/part-writing/exercises', { ...TYPED, assignment_set_id: setId, ...extra });
      const gaps = await post({
        chords: [
          { figures: '', beats: 1 },
          { B: 'H2', figures: '6', beats: 1 },
          { B: 'E3', figures: '7bb', beats: 1 },
          { B: 'C10', figures: '#', beats: 0.3 },
          { B: 'A2', S: 'A4', figures: '', beats: 1 },
        ],
      });
      expect(gaps.statusCode).toBe(400);
      expect(errorsOf(gaps)).toEqual([
        { field: 'chords.0.B', messages: [PartWritingMessages.givenNoteMissing('1')] },
        { field: 'chords.1.B', messages: [CheckProblemMessages.badPitch('H2')] },
        { field: 'chords.2.figures', messages: [CheckProblemMessages.badFigures('7bb')] },
        { field: 'chords.3.B', messages: [CheckProblemMessages.outsideMidi('C10')] },
        { field: 'chords.3.beats', messages: [PartWritingMessages.badBeats('4')] },
        { field: 'chords.4.S', messages: [PartWritingMessages.notGivenVoice('5')] },
      ]);
      const soprano = await post({
        key: 'H major',
        meter: '4/5',
        given: ['S'],
        write: ['A', 'T', 'B'],
        chords: [
          { S: 'E5', numeral: 'I', beats: 1 },
          { S: 'D5', numeral: 'IX', beats: 1 },
        ],
      });
      expect(errorsOf(soprano)).toEqual([
        { field: 'key', messages: [CheckProblemMessages.badKey] },
        { field: 'meter', messages: [CheckProblemMessages.badMeter] },
      ]);
      // A meter written rightly but counting no sensible measure (QA2-7): said as such, in the form's words.
      for (const meter of ['99/8', '0/4', '13/8']) {
        const beats = await post({ meter });
        expect(beats.statusCode).toBe(400);
        expect(errorsOf(beats)).toEqual([{ field: 'meter', messages: [CheckProblemMessages.meterBeats] }]);
      }
      const numeral = await post({ given: ['S'], write: ['A', 'T', 'B'], chords: [{ S: 'E5', numeral: 'IX', beats: 1 }] });
      expect(errorsOf(numeral)).toEqual([{ field: 'chords.0.numeral', messages: [CheckProblemMessages.badNumeral('IX')] }]);
      const model = await post({ model: { chords: [...MODEL.chords.slice(0, 4), { S: 'A5', A: 'C5', T: 'A3', B: 'A2' }] } });
      expect(errorsOf(model)).toEqual([{ field: 'model.chords.4', messages: [PartWritingMessages.modelGivenVoice('5')] }]);
      const short = await post({ model: { chords: MODEL.chords.slice(1) } });
      expect(errorsOf(short)).toEqual([{ field: 'model', messages: [PartWritingMessages.modelChordCount] }]);
      const wrongNote = await post({ model: { chords: [{ S: 'X5', A: 'C5', T: 'A3' }, ...MODEL.chords.slice(1)] } });
      expect(errorsOf(wrongNote)).toEqual([{ field: 'model.chords.0.S', messages: [CheckProblemMessages.badPitch('X5')] }]);
      // Nothing was stored.
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
    });

    it('saves the lengths typed after the figures (6 (h), # (q.), (w)): the document and its score keep each chord’s length', async () => {
      // "", "6 (h)", "7b", "# (q.)", "(e)", " (h)", "(w)": 1 + 2 + 1 | 1.5 + 0.5 + 2 | 4.
      const beats = [1, 2, 1, 1.5, 0.5, 2, 4];
      const chords = [...TYPED.chords, { B: 'E3', figures: '' }, { B: 'A2', figures: '' }].map((chord, i) => ({
        ...chord,
        beats: beats[i],
      }));
      const saved = await owner.post('/api/part-writing/exercises', { ...TYPED, chords, assignment_set_id: setId });
      expect(saved.statusCode, saved.body).toBe(201);
      const ws = await student.get(`/api/documents/${saved.json().data.id}/workspace`);
      expect(ws.json().data.part_writing.chords.map((c: { beats: number }) => c.beats)).toEqual(beats);
      const file = (await owner.get(`/api/documents/${saved.json().data.id}/file-url`)).json().data;
      const kept = readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: file.url })).rawPayload));
      expect(kept.exercise.chords.map((c) => c.beats)).toEqual(beats);
      expect(kept.score.match(/<measure /g)).toHaveLength(3);
      expect(kept.score).toContain('<type>quarter</type><dot/>');
      expect(kept.score).toContain('<type>whole</type>');
    });

    it('refuses a chord over the barline and a length that is not one, with the exact sentence; nothing is stored', async () => {
      const post = (beats: number[], meter = '4/4') =>
        owner.post('/api/part-writing/exercises', {
          ...TYPED,
          meter,
          assignment_set_id: setId,
          chords: TYPED.chords.map((chord, i) => ({ ...chord, beats: beats[i] })),
        });
      const over = await post([1, 1, 1, 2, 1]);
      expect(over.statusCode).toBe(400);
      expect(errorsOf(over)).toEqual([
        {
          field: 'chords.3.beats',
          messages: ['Chord 4 crosses the barline: a chord must end by the end of its measure. Shorten it or a chord before it.'],
        },
      ]);
      // Coded, so the browser says it in the teacher's language.
      expect(over.json().message_codes).toEqual([[{ code: 'partWriting.crossesBarline', params: { chord: '4' } }]]);
      const waltz = await post([2, 2, 1, 1, 1], '3/4');
      expect(errorsOf(waltz)).toEqual([{ field: 'chords.1.beats', messages: [PartWritingMessages.crossesBarline('2')] }]);
      const odd = await post([1, 0.3, 1, 1, 1]);
      expect(odd.statusCode).toBe(400);
      expect(errorsOf(odd)).toEqual([
        {
          field: 'chords.1.beats',
          messages: [
            'Chord 2 must last a positive number of quarter notes in sixteenths of a quarter (0.25, 0.5, 1, 1.5 …), at most a measure.',
          ],
        },
      ]);
      expect((await owner.get(`/api/assignments/${setId}/documents`)).json().data).toEqual([]);
      // Any length in sixteenths is a chord's (a chorale's harmonic rhythm, issue 35): a dotted eighth and a sixteenth fill a beat.
      const sixteenths = await post([1, 0.75, 0.25, 1, 1]);
      expect(sixteenths.statusCode, sixteenths.body).toBe(201);
    });
  });
});
