import { PART_WRITING_CHECKS_PER_MINUTE, PartWritingMessages } from '@app/contract/part-writing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  type SignedInUser,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';

const chord = (numeral: string, S: string, A: string, T: string, B: string) => ({ numeral, S, A, T, B });
// I → ii moving every voice up a step: fifths S–T and S–B, octaves T–B.
const body = {
  key: 'C major',
  meter: '4/4',
  chords: [chord('I', 'G4', 'E4', 'C4', 'C3'), chord('ii', 'A4', 'F4', 'D4', 'D3')],
};

describe.each(dialects)('POST /api/part-writing/check (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let ownerId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const world = await courseWorld(t, { activate: false });
    ({ anonymous } = world);
    ownerId = world.owner.id;
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student }] = world.students as [SignedInUser];
  });
  afterEach(async () => {
    await t.close();
  });

  const check = (client: TestClient, payload: Record<string, unknown> = body) => client.post('/api/part-writing/check', payload);

  it('answers the findings: parallel fifths and octaves, with chords, voices and the sentence', async () => {
    const res = await check(owner);
    expect(res.statusCode).toBe(200);
    const findings = res.json().data.findings as { rule: string; chords: number[]; voices: string[]; message: string }[];
    expect(findings.map((f) => [f.rule, f.chords, f.voices])).toEqual([
      ['parallel-fifths', [0, 1], ['S', 'T']],
      ['parallel-fifths', [0, 1], ['S', 'B']],
      ['parallel-octaves', [0, 1], ['T', 'B']],
    ]);
    expect(findings[0]?.message).toBe('Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the tenor.');
  });

  it('reads a figured bass that changes key (G: 7, decision 031) in the new key from that chord on', async () => {
    const fig = (figures: string, S: string, A: string, T: string, B: string) => ({ figures, S, A, T, B });
    const chords = [
      fig('', 'C5', 'G4', 'E4', 'C3'),
      fig('G: 7', 'C5', 'F#4', 'A3', 'D3'),
      fig('', 'B4', 'G4', 'B3', 'G2'),
      fig('', 'A4', 'F#4', 'D4', 'D3'),
    ];
    const keyed = await check(owner, { key: 'C major', meter: '4/4', chords });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(keyed.json().data.findings).toEqual([]);
    const unkeyed = await check(owner, {
      key: 'C major',
      meter: '4/4',
      chords: chords.map((c) => ({ ...c, figures: c.figures.replace('G: ', '') })),
    });
    const wrong = (unkeyed.json().data.findings as { rule: string; chords: number[] }[]).filter((f) => f.rule === 'wrong-chord');
    expect(wrong.map((f) => f.chords)).toEqual([[1], [3]]);
    const bad = await check(owner, { key: 'C major', meter: '4/4', chords: [fig('H: 7', 'C5', 'F#4', 'A3', 'D3')] });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([{ field: 'chords.0.figures', messages: ['"H: 7" are not figured-bass figures.'] }]);
  });

  it('a correct progression has no findings; the issue’s V65/V example checks', async () => {
    const res = await check(owner, {
      key: 'C major',
      meter: '4/4',
      style: 'strict',
      chords: [
        chord('I6', 'G4', 'E4', 'C4', 'E3'),
        { numeral: 'V65/V', figures: '6 5', S: 'A4', A: 'D4', T: 'C4', B: 'F#3' },
        chord('V', 'G4', 'D4', 'B3', 'G3'),
        chord('I', 'G4', 'E4', 'C4', 'C3'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { findings: [] } });
  });

  it('names the measure and beat from the pickup and first measure it is given (issue 38), and refuses a bad one', async () => {
    const placed = await check(owner, { ...body, meter: '3/4', pickup: 1, first_measure: 0 });
    expect(placed.statusCode, placed.body).toBe(200);
    const first = placed.json().data.findings[0];
    expect(first.params).toMatchObject({ from: 1, to: 2, measure: 0, beat: 3, to_measure: 1, to_beat: 1 });
    expect(first.message).toBe('Chords 1–2 (m. 0, beat 3 – m. 1, beat 1): parallel fifths between the soprano and the tenor.');
    const bad = await check(owner, { ...body, pickup: -1, first_measure: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([
      { field: 'pickup', messages: ['This number must be greater than 0.'] },
      { field: 'first_measure', messages: ['This field must be an int.'] },
    ]);
  });

  it('speaks the caller’s language', async () => {
    await t.app.deps.db.updateTable('users').set({ language: 'ko' }).where('id', '=', ownerId).execute();
    const res = await check(owner);
    expect(res.json().data.findings[0].message).toBe('1–2번 화음(1마디 1–2박): 소프라노와 테너 사이에 병행 5도가 있습니다.');
  });

  it('is for instructor accounts and the TAs of a course: a TA and an outside instructor may, students may not', async () => {
    expect((await check(ta)).statusCode).toBe(200);
    expect((await check(other)).statusCode).toBe(200);
    const refused = await check(student);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe(PartWritingMessages.teachersOnly);
    const stranger = (await t.signedIn()).client;
    expect((await check(stranger)).statusCode).toBe(403);
    expect((await check(anonymous)).statusCode).toBe(401);
  });

  it('refuses bad input with the field and its sentence', async () => {
    const threeVoices = await check(owner, { key: 'C major', chords: [{ numeral: 'I', S: 'C5', A: 'E4', B: 'C3' }] });
    expect(threeVoices.statusCode).toBe(400);
    expect(errorsOf(threeVoices)).toEqual([{ field: 'chords.0', messages: [PartWritingMessages.voices] }]);

    const outside = await check(owner, { key: 'C major', chords: [chord('I', 'C5', 'E4', 'G3', 'C-2')] });
    expect(errorsOf(outside)).toEqual([{ field: 'chords.0.B', messages: ['"C-2" is outside the MIDI range (C-1 to G9).'] }]);

    const numeral = await check(owner, { key: 'C major', chords: [chord('IX', 'C5', 'E4', 'G3', 'C3')] });
    expect(errorsOf(numeral)).toEqual([
      { field: 'chords.0.numeral', messages: ['"IX" is not a numeral such as V65/V, N6, Cad64 or Ger+6.'] },
    ]);

    const key = await check(owner, { key: 'C dorian', chords: [chord('I', 'C5', 'E4', 'G3', 'C3')] });
    expect(errorsOf(key)).toEqual([{ field: 'key', messages: [PartWritingMessages.badKey] }]);

    // a key change inside a label that names no key is refused (decision 031: 'I = IV' changes nothing)
    const pivot = await check(owner, { key: 'C major', chords: [chord('I = IV', 'C5', 'E4', 'G3', 'C3')] });
    expect(errorsOf(pivot)).toEqual([
      { field: 'chords.0.numeral', messages: ['"I = IV" is not a numeral such as V65/V, N6, Cad64 or Ger+6.'] },
    ]);

    const shape = await check(owner, { key: 'C major', chords: 'I V I' });
    expect(shape.statusCode).toBe(400);
    expect(errorsOf(shape)[0]?.field).toBe('chords');
  });

  it('is rate-limited per account, for a minute', async () => {
    const small = { key: 'C major', chords: [chord('I', 'C5', 'E4', 'G3', 'C3')] };
    for (let i = 0; i < PART_WRITING_CHECKS_PER_MINUTE; i++) expect((await check(other, small)).statusCode).toBe(200);
    const limited = await check(other, small);
    expect(limited.statusCode).toBe(429);
    expect(errorsOf(limited)[0]?.message).toBe(PartWritingMessages.tooManyChecks);
    expect((await check(owner, small)).statusCode).toBe(200);
    t.clock.advance(60);
    expect((await check(other, small)).statusCode).toBe(200);
  });
});
