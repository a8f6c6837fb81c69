import { describe, expect, it } from 'vitest';
import {
  answerText,
  checkWritten,
  chordIndexOf,
  chordItemId,
  keysInForce,
  readAnswer,
  ruleSettings,
  type WritingExercise,
} from './written.ts';

const exercise: WritingExercise = {
  key: 'C major',
  meter: '4/4',
  style: 'free',
  given: ['B'],
  write: ['S', 'A', 'T'],
  rules: { 'parallel-fifths': { on: true, points: 4 } },
  chords: [
    { B: 'C3', figures: '' },
    { B: 'F3', figures: '' },
    { B: 'G3', figures: '' },
    { B: 'C3', figures: '' },
  ],
};
const written = (texts: string[]) => texts.map((text) => (readAnswer(text, exercise.write) as { chord: object }).chord);

describe('written part writing', () => {
  it('reads and writes a chord’s answer text in S A T B order', () => {
    expect(readAnswer('D5 G4 B3', ['S', 'A', 'T'])).toEqual({ chord: { S: 'D5', A: 'G4', T: 'B3' } });
    expect(readAnswer(' D5, - B3 ', ['T', 'S', 'A'])).toEqual({ chord: { S: 'D5', T: 'B3' } });
    expect(readAnswer('', ['S'])).toEqual({ chord: {} });
    expect(readAnswer('D5 G4', ['S', 'A', 'T'])).toEqual({ problem: { kind: 'count' } });
    expect(readAnswer('D5 H4 B3', ['S', 'A', 'T'])).toEqual({ problem: { kind: 'pitch', note: 'H4' } });
    expect(readAnswer('D5 G4 B10', ['S', 'A', 'T'])).toEqual({ problem: { kind: 'midi', note: 'B10' } });
    expect(answerText({ S: 'D5', T: 'B3' }, ['S', 'A', 'T'])).toBe('D5 - B3');
    expect(answerText({}, ['S', 'A', 'T'])).toBe('');
    expect(chordIndexOf(chordItemId(11))).toBe(11);
    expect(chordIndexOf('chord-0')).toBeUndefined();
    expect(chordIndexOf('item-1')).toBeUndefined();
  });

  it('checks finished stretches with the exercise’s chord numbers and leaves unfinished chords out', () => {
    const fifths = checkWritten(exercise, written(['G4 E4 C4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3']));
    expect(fifths.findings.map((f) => [f.rule, f.chords, f.voices])).toEqual([['parallel-fifths', [0, 1], ['S', 'B']]]);
    expect(fifths.unwritten).toEqual([]);
    // The same fifths after an unfinished chord: numbered as the exercise's chords 3–4.
    const later = { ...exercise, chords: [exercise.chords[0], ...exercise.chords] as WritingExercise['chords'] };
    const shifted = checkWritten(later, written(['C5 - G3', 'G4 E4 C4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3']));
    expect(shifted.unwritten).toEqual([0]);
    expect(shifted.findings.map((f) => [f.chords, f.message])).toEqual([
      [[1, 2], 'Chords 2–3 (m. 1, beats 2–3): parallel fifths between the soprano and the bass.'],
    ]);
    // A rule turned off is not checked.
    const off = { ...exercise, rules: { 'parallel-fifths': { on: false, points: 4 } } };
    expect(checkWritten(off, written(['G4 E4 C4', 'C5 F4 A3'])).findings).toEqual([]);
    expect(ruleSettings(off)['parallel-fifths']).toEqual({ on: false, points: 4 });
    expect(ruleSettings({ rules: {}, style: 'strict' })['seventh-preparation'].on).toBe(true);
  });

  it('reads a figured bass that changes key (G: 7, decision 031) in the new key from that chord on, also after an unfinished chord', () => {
    // C: I, then G: V7 – I – V over D3 G2 D3: F♯ is the new key's leading tone, and rises to G.
    const modulating: WritingExercise = {
      ...exercise,
      chords: [
        { B: 'C3', figures: '' },
        { B: 'D3', figures: 'G: 7' },
        { B: 'G2', figures: '' },
        { B: 'D3', figures: '' },
      ],
    };
    const voices = ['C5 G4 E4', 'C5 F#4 A3', 'B4 G4 B3', 'A4 F#4 D4'];
    expect(checkWritten(modulating, written(voices)).findings).toEqual([]);
    // Without the key, the 7 over D is D F A C and the last D chord D F A: each F♯ is a wrong note.
    const unkeyed = { ...modulating, chords: modulating.chords.map((c) => ({ ...c, figures: c.figures === 'G: 7' ? '7' : c.figures })) };
    expect(
      checkWritten(unkeyed, written(voices))
        .findings.filter((f) => f.rule === 'wrong-chord')
        .map((f) => f.chords),
    ).toEqual([[1], [3]]);
    // A stretch that begins after the key change (chord 2 unfinished) is read in G from its first chord.
    const after = checkWritten(modulating, written(['C5 G4 E4', 'C5 - A3', 'B4 G4 B3', 'A4 F#4 D4']));
    expect(after.unwritten).toEqual([1]);
    expect(after.findings).toEqual([]);
    // Each chord's key, for spelling what is typed into it: C, then G from the chord that names it.
    expect(keysInForce(modulating)).toEqual(['C major', 'G major', 'G major', 'G major']);
    expect(keysInForce({ key: 'a minor', chords: [{ numeral: 'i' }, { numeral: 'C: V' }, { figures: 'e: 6' }] })).toEqual([
      'a minor',
      'C major',
      'e minor',
    ]);
    // In C the G chord is V, its doubled B a doubled leading tone; in G it is I.
    const afterUnkeyed = checkWritten(unkeyed, written(['C5 G4 E4', 'C5 - A3', 'B4 G4 B3', 'A4 F#4 D4']));
    expect(afterUnkeyed.findings.map((f) => [f.rule, f.chords])).toEqual([
      ['doubled-leading-tone', [2]],
      ['wrong-chord', [3]],
    ]);
  });
});

describe('written part writing with rhythm (issue 35)', () => {
  const chorale: WritingExercise = {
    key: 'C major',
    meter: '4/4',
    style: 'free',
    given: ['S', 'B'],
    write: ['A', 'T'],
    rules: {},
    chords: [
      { S: 'E5', B: 'C3', beats: 1 },
      { S: 'D5', B: 'G2', beats: 1 },
      { S: 'C5', B: 'A2', beats: 1, phrase_end: true },
      { S: 'G5', B: 'C3', beats: 1 },
    ],
  };
  const write = (texts: string[]) =>
    texts.map((text, i) => (readAnswer(text, chorale.write, chorale.chords[i]?.beats) as { chord: object }).chord);

  it('reads answers whose voices are lines, and says what does not fill the chord', () => {
    expect(readAnswer('G4:8+F4:8 B3', ['A', 'T'], 1)).toEqual({ chord: { A: 'G4:8+F4:8', T: 'B3' } });
    expect(readAnswer('G4:8+F4:8 B3', ['A', 'T'])).toEqual({ chord: { A: 'G4:8+F4:8', T: 'B3' } });
    expect(readAnswer('G4:8+F4 B3', ['A', 'T'])).toEqual({ chord: { A: 'G4:8+F4', T: 'B3' } });
    expect(readAnswer('G4:4+F4:8 B3', ['A', 'T'], 1)).toEqual({
      problem: { kind: 'line', note: 'G4:4+F4:8', problem: { kind: 'length', written: 1.5, chord: 1 } },
    });
    expect(readAnswer('G4:3 B3', ['A', 'T'])).toMatchObject({ problem: { kind: 'line', note: 'G4:3' } });
    expect(readAnswer('H4:8+G4:8 B3', ['A', 'T'])).toEqual({ problem: { kind: 'pitch', note: 'H4' } });
  });

  it('leaves out findings on given voices only, and runs no motion rule across a phrase end', () => {
    // The given soprano leaps C5 → A5 over the phrase end (and sings A5, above its range): nothing of that is
    // the student's, and across the phrase end no motion rule runs (the alto's E4 → D5 would overlap the soprano's C5).
    const high = { ...chorale, chords: chorale.chords.map((c, i) => (i === 3 ? { ...c, S: 'A5' } : c)) };
    const result = checkWritten(high, write(['G4 C4', 'G4 B3', 'E4 C4', 'D5 G4']));
    expect(result.findings).toEqual([]);
    const joined = { ...high, chords: high.chords.map((c) => ({ ...c, phrase_end: false })) };
    expect(checkWritten(joined, write(['G4 C4', 'G4 B3', 'E4 C4', 'D5 G4'])).findings.map((f) => [f.rule, f.voices])).toEqual([
      ['overlap', ['S', 'A']],
      ['overlap', ['A', 'T']],
    ]);
    // A student's own fault still counts: parallel octaves between the given bass and the written tenor.
    const octaves = checkWritten(chorale, write(['G4 C4', 'G4 G3', 'E4 A3', 'D5 G4']));
    expect(octaves.findings.map((f) => [f.rule, f.chords, f.voices])).toEqual([
      ['parallel-octaves', [0, 1], ['T', 'B']],
      ['parallel-octaves', [1, 2], ['T', 'B']],
    ]);
  });

  it('checks a chord without a voice that rests (a breath in the given voice)', () => {
    const breath = { ...chorale, chords: chorale.chords.map((c, i) => (i === 3 ? { ...c, S: 'r:8+G5:8' } : c)) };
    const result = checkWritten(breath, write(['G4 C4', 'G4 B3', 'E4 C4', 'D5 G4']));
    expect(result.unwritten).toEqual([]);
    expect(result.findings).toEqual([]);
  });
});

describe('a given voice that cannot be read', () => {
  it('is left out as a rest, never costing the student a chord', () => {
    const broken: WritingExercise = {
      key: 'C major',
      meter: '4/4',
      style: 'free',
      given: ['B'],
      write: ['S', 'A', 'T'],
      rules: {},
      chords: [
        { B: 'C3', beats: 1 },
        { B: 'G2:8', beats: 1 },
        { B: 'C3', beats: 1 },
      ],
    };
    const result = checkWritten(broken, [
      { S: 'C5', A: 'E4', T: 'G3' },
      { S: 'B4', A: 'D4', T: 'G3' },
      { S: 'C5', A: 'E4', T: 'G3' },
    ]);
    expect(result.unwritten).toEqual([]);
  });
});

describe('a written voice that rests through a chord', () => {
  const exercise: WritingExercise = {
    key: 'C major',
    meter: '4/4',
    style: 'free',
    given: ['B'],
    write: ['S', 'A', 'T'],
    rules: {},
    chords: [
      { B: 'C3', beats: 1 },
      { B: 'G2', beats: 1, phrase_end: true },
      { B: 'C3', beats: 1 },
      { B: 'G2', beats: 1 },
    ],
  };
  it('may breathe mid-phrase for a few chords, but a voice that keeps resting leaves chords not written', () => {
    const sound = { S: 'C5', A: 'E4', T: 'G3' };
    const fifth = { S: 'B4', A: 'D4', T: 'G3' };
    // Two chords of rest mid-phrase are a breath or a thinner texture, as Bach writes (at least two, or a tenth of the chords).
    const twice = checkWritten(exercise, [sound, { ...fifth, A: 'r' }, sound, { ...fifth, A: 'r' }]);
    expect(twice.unwritten).toEqual([]);
    // A longer exercise whose alto rests mid-phrase through more chords than that: the rests beyond it are chords not written.
    const long: WritingExercise = { ...exercise, chords: Array.from({ length: 12 }, (_, i) => ({ B: i % 2 ? 'G2' : 'C3', beats: 1 })) };
    const resting = Array.from({ length: 12 }, (_, i) => (i === 0 ? sound : { ...(i % 2 ? fifth : sound), A: 'r' }));
    expect(checkWritten(long, resting).unwritten).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // After the phrase end the alto may breathe through chord 3 before it sings again.
    expect(checkWritten(exercise, [sound, fifth, { ...sound, A: 'r' }, fifth]).unwritten).toEqual([]);
    // A rest within a chord is always a line.
    expect(checkWritten(exercise, [sound, { ...fifth, A: 'r:8+D4:8' }, sound, fifth]).unwritten).toEqual([]);
  });
});

describe('written part writing: where the findings stand (issue 38)', () => {
  it('names the exercise’s measures and beats, a pickup numbered 0', () => {
    const chorale: WritingExercise = {
      ...exercise,
      meter: '3/4',
      pickup: 1,
      first_measure: 0,
      chords: [
        { B: 'C3', figures: '', beats: 1 },
        { B: 'F3:4+F3:4', figures: '', beats: 2 },
        { B: 'G3', figures: '', beats: 1 },
        { B: 'C3', figures: '', beats: 1 },
      ],
    };
    const lines = [{ S: 'G4', A: 'E4', T: 'C4' }, { S: 'C5:2', A: 'F4:2', T: 'A3:2' }, {}, {}];
    const checked = checkWritten(chorale, lines, 'en');
    expect(checked.findings.map((f) => [f.rule, f.params.measure, f.params.beat, f.params.to_measure, f.params.to_beat])).toEqual([
      ['parallel-fifths', 0, 3, 1, 1],
    ]);
    expect(checked.findings[0]?.message).toBe(
      'Chords 1–2 (m. 0, beat 3 – m. 1, beat 1): parallel fifths between the soprano and the bass.',
    );
    expect(checkWritten(chorale, lines, 'ko').findings[0]?.message).toBe(
      '1–2번 화음(0마디 3박–1마디 1박): 소프라노와 베이스 사이에 병행 5도가 있습니다.',
    );
  });
});
