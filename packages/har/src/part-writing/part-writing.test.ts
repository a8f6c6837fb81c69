import { existsSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readHar } from '../format.ts';
import { HarError } from '../har-error.ts';
import { importMusicXml } from '../musicxml-import.ts';
import {
  MODEL_ENTRY,
  type PartWritingExerciseInput,
  partWritingExercise,
  partWritingStudentCopy,
  partWritingSubmission,
  readPartWritingHar,
  ruleSettings,
  writePartWritingHar,
} from './document.ts';
import { gradePartWriting } from './grade.ts';
import { importPartWriting } from './import.ts';

// A real chorale from the shared corpus, read at run time (never copied into the repository).
const CHORALE = '/work/shared/corpora/bach-chorales/001.mxl';

// A figured bass in A minor (i – iv – V – i), the student writes S A T.
const figuredBass: PartWritingExerciseInput = {
  key: 'a minor',
  meter: '4/4',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: [
    { figures: '', B: 'A2' },
    { figures: '', B: 'D3' },
    { figures: '#', B: 'E3' },
    { figures: '', B: 'A2', beats: 1 },
  ],
  rules: { 'parallel-fifths': { on: true, points: 5 }, 'doubled-leading-tone': { on: false, points: 2 } },
  points: 20,
};
const model = {
  chords: [
    { S: 'C5', A: 'E4', T: 'A3' },
    { S: 'D5', A: 'F4', T: 'A3' },
    { S: 'B4', A: 'E4', T: 'G#3' },
    { S: 'C5', A: 'E4', T: 'A3' },
  ],
};
const count = (grade: { findings: { cost: number }[] }) => grade.findings.reduce((sum, f) => sum + f.cost, 0);

describe('the part-writing .har', () => {
  const exercise = partWritingExercise('Figured bass 1', figuredBass, model);

  it('writes and reads back the same document, with a score of the given bass and its figures', () => {
    const bytes = writePartWritingHar(exercise);
    const back = readPartWritingHar(bytes);
    expect(back).toEqual(exercise);
    expect(back.score).toContain('<figured-bass>');
    expect(back.score).toContain('<prefix>sharp</prefix>');
    expect(back.score.match(/<note>/g)?.length).toBe(4);
    expect(writePartWritingHar(back)).toEqual(bytes);
  });

  it('never gives a student the model solution', () => {
    const copy = writePartWritingHar(partWritingStudentCopy(exercise));
    const entries = Object.keys(unzipSync(copy));
    expect(entries).not.toContain(MODEL_ENTRY);
    expect(entries.some((name) => strFromU8(unzipSync(copy)[name] as Uint8Array).includes('G#3'))).toBe(false);
    expect(readPartWritingHar(copy).model).toBeUndefined();
  });

  it('is refused by the analysis reader, and refuses what does not fit', () => {
    expect(() => readHar(writePartWritingHar(exercise))).toThrow(HarError);
    expect(() => partWritingExercise('x', { ...figuredBass, given: ['B'], write: ['S', 'A'] })).toThrow(
      'part-writing.json: given and write must share no voice and together be S, A, T and B, or S and B.',
    );
    expect(() => partWritingExercise('x', { ...figuredBass, chords: [{ figures: '6', B: 'H2' }] })).toThrow(
      'part-writing.json: chord 1 has a note that is not a pitch such as C4, F#3 or Bb2.',
    );
    expect(() => partWritingExercise('x', { ...figuredBass, chords: [{ numeral: 'IX', B: 'A2' }] })).toThrow(
      'part-writing.json: chord 1 has "IX", which is not a Roman numeral.',
    );
    expect(() => partWritingExercise('x', { ...figuredBass, chords: [{ S: 'A4', B: 'A2' }] })).toThrow(
      'part-writing.json: chord 1 has notes for other voices than the given ones.',
    );
    expect(() => partWritingExercise('x', figuredBass, { chords: model.chords.slice(1) })).toThrow(
      'model.json has 3 chords; the exercise has 4.',
    );
    expect(() => partWritingSubmission(exercise, { chords: model.chords.map((c) => ({ ...c, B: 'A2' })) })).toThrow(
      'voices.json: chord 1 has a note for B, which is given.',
    );
  });

  it('reads each rule’s setting over the defaults; seventh preparation only in strict style', () => {
    const settings = ruleSettings(exercise.exercise);
    expect(settings['parallel-fifths']).toEqual({ on: true, points: 5 });
    expect(settings['doubled-leading-tone']).toEqual({ on: false, points: 2 });
    expect(settings['parallel-octaves']).toEqual({ on: true, points: 3 });
    expect(settings['seventh-preparation'].on).toBe(false);
    expect(ruleSettings({ rules: {}, style: 'strict' })['seventh-preparation'].on).toBe(true);
  });
});

describe('grading', () => {
  const exercise = partWritingExercise('Figured bass 1', figuredBass).exercise;

  it('the model solution scores full points', () => {
    expect(gradePartWriting(exercise, model)).toMatchObject({ score: 20, max: 20, findings: [], unwritten: [] });
  });

  it('takes off each error’s points: parallel fifths at 5 as the exercise sets, the rest at their defaults', () => {
    const work = {
      chords: [
        { S: 'C5', A: 'A4', T: 'E3' },
        { S: 'D5', A: 'A4', T: 'A3' },
        { S: 'B4', A: 'E4', T: 'G#3' },
        { S: 'C5', A: 'E4', T: 'A3' },
      ],
    };
    const grade = gradePartWriting(exercise, work);
    const costs = grade.findings.map((f) => [f.rule, f.chords, f.voices, f.cost]);
    expect(costs).toEqual([
      ['spacing', [0], ['A', 'T'], 1],
      ['parallel-fifths', [0, 1], ['T', 'B'], 5],
      ['missing-third', [1], [], 2],
    ]);
    expect(grade.score).toBe(12);
  });

  it('a rule turned off costs nothing: the doubled leading tone', () => {
    const work = {
      chords: [
        { S: 'C5', A: 'E4', T: 'A3' },
        { S: 'D5', A: 'F4', T: 'A3' },
        { S: 'G#4', A: 'E4', T: 'G#3' },
        { S: 'A4', A: 'E4', T: 'A3' },
      ],
    };
    const off = gradePartWriting(exercise, work);
    expect(off.findings.map((f) => f.rule)).not.toContain('doubled-leading-tone');
    const on = gradePartWriting({ ...exercise, rules: { ...exercise.rules, 'doubled-leading-tone': { on: true, points: 2 } } }, work);
    expect(on.findings.filter((f) => f.rule === 'doubled-leading-tone').map((f) => [f.chords, f.voices, f.cost])).toEqual([
      [[2], ['S', 'T'], 2],
    ]);
    expect(off.score - on.score).toBe(2);
    expect(off.score).toBe(20 - count(off));
  });

  it('never goes below 0', () => {
    const work = { chords: model.chords.map(() => ({ S: 'C#6', A: 'C#6', T: 'C#2' })) };
    const grade = gradePartWriting(exercise, work);
    expect(grade.findings.reduce((sum, f) => sum + f.cost, 0)).toBeGreaterThan(20);
    expect(grade.score).toBe(0);
  });

  it('an unfinished chord costs a wrong chord and splits the check; chord numbers stay the exercise’s', () => {
    const work = {
      chords: [
        { S: 'C5', A: 'E4', T: 'A3' },
        { S: 'D5', A: 'F4' },
        { S: 'B4', A: 'E4', T: 'G#3' },
        { S: 'B4', A: 'E4', T: 'A3' },
      ],
    };
    const grade = gradePartWriting(exercise, work);
    expect(grade.unwritten).toEqual([1]);
    expect(grade.unwrittenCost).toBe(3);
    // the last chord has B instead of C: a wrong note and no third
    expect(grade.findings.filter((f) => f.chords[0] === 3).map((f) => f.rule)).toEqual(['wrong-chord', 'missing-third']);
    const third = grade.findings.find((f) => f.rule === 'missing-third');
    expect(third?.chords).toEqual([3]);
    expect(third?.message).toBe('Chord 4 (m. 1, beat 4) has no third (C).');
    expect(grade.score).toBe(20 - 3 - count(grade));
    // The measures are the exercise's (issue 38): a one-beat pickup numbered 0 moves chord 4 to m. 1, beat 3.
    const pickup = gradePartWriting({ ...exercise, pickup: 1, first_measure: 0 }, work).findings.find((f) => f.rule === 'missing-third');
    expect(pickup?.message).toBe('Chord 4 (m. 1, beat 3) has no third (C).');
  });

  it('speaks the reader’s language', () => {
    const work = { chords: [model.chords[0], model.chords[1], model.chords[2], { S: 'B4', A: 'E4', T: 'A3' }] } as typeof model;
    expect(gradePartWriting(exercise, work, 'zh-hans').findings.find((f) => f.rule === 'missing-third')?.message).toBe(
      '第 4 个和弦（第 1 小节第 4 拍）缺少三音（C）。',
    );
  });
});

describe('importing the given voices from MusicXML', () => {
  it('reads back a figured bass and a soprano with numerals from the scores the document writes', () => {
    const bass = partWritingExercise('Figured bass 2', {
      ...figuredBass,
      chords: [
        { figures: '', B: 'A2' },
        { figures: '6 5', B: 'G#2' },
        { figures: '', B: 'A2' },
        { figures: '6', B: 'F3' },
        { figures: '6 4', B: 'E3' },
        { figures: '7 #', B: 'E3' },
        { figures: '', B: 'A2', beats: 2 },
      ],
    });
    const read = importPartWriting(bass.score);
    expect(read).toEqual({ key: 'a', meter: '4/4', given: ['B'], chords: bass.exercise.chords });

    const soprano = partWritingExercise('Soprano', {
      key: 'D major',
      meter: '3/4',
      given: ['S'],
      write: ['A', 'T', 'B'],
      chords: [
        { numeral: 'I', S: 'F#5' },
        { numeral: 'V65/V', S: 'E5' },
        { numeral: 'V', S: 'E5' },
        { numeral: 'Cad64', S: 'F#5', beats: 2 },
        { numeral: 'V7', S: 'E5' },
        { numeral: 'I', S: 'D5', beats: 2 },
      ],
      points: 10,
    });
    expect(importPartWriting(soprano.score)).toEqual({ key: 'D', meter: '3/4', given: ['S'], chords: soprano.exercise.chords });
  });

  it('reads figures whose accidental is a <prefix> or a <suffix> (7b, 6n, #6, b7, 6+, the slashed 6), and writes them back on their side', () => {
    const figure = (inner: string) => `<figured-bass><figure>${inner}</figure><duration>1</duration></figured-bass>`;
    const note = (step: string, octave: number) =>
      `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>1</duration><type>quarter</type></note>`;
    const written = [
      [figure('<figure-number>7</figure-number><suffix>flat</suffix>'), note('G', 2)],
      [figure('<figure-number>6</figure-number><suffix>natural</suffix>'), note('E', 3)],
      [figure('<prefix>sharp</prefix><figure-number>6</figure-number>'), note('E', 3)],
      [figure('<prefix>flat</prefix><figure-number>7</figure-number>'), note('G', 2)],
      [figure('<figure-number>6</figure-number><suffix>plus</suffix>'), note('E', 3)],
      [figure('<figure-number>6</figure-number><suffix>back-slash</suffix>'), note('E', 3)],
      [figure('<figure-number>6</figure-number><suffix>slash</suffix>'), note('E', 3)],
      [figure('<prefix>plus</prefix><figure-number>4</figure-number></figure><figure><figure-number>2</figure-number>'), note('F', 3)],
    ]
      .map(([f, n]) => `${f}${n}`)
      .join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Bass</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>8</beats><beat-type>4</beat-type></time><clef><sign>F</sign><line>4</line></clef></attributes>${written}</measure></part></score-partwise>`;
    const read = importPartWriting(xml);
    expect(read.chords.map((c) => c.figures)).toEqual(['7b', '6n', '#6', 'b7', '6+', '6\\', '6\\', '+4 2']);

    // Written back: each sign on its side, a cross or slash as a raised (sharp) suffix, which Verovio draws.
    const doc = partWritingExercise('Suffixes', {
      key: 'C major',
      meter: '4/4',
      given: ['B'],
      write: ['S', 'A', 'T'],
      chords: read.chords.slice(0, 6).map((c) => ({ ...c, beats: 1 })),
      points: 10,
    });
    const figures = [...doc.score.matchAll(/<figure>(.*?)<\/figure>/g)].map((m) => m[1]);
    expect(figures).toEqual([
      '<figure-number>7</figure-number><suffix>flat</suffix>',
      '<figure-number>6</figure-number><suffix>natural</suffix>',
      '<prefix>sharp</prefix><figure-number>6</figure-number>',
      '<prefix>flat</prefix><figure-number>7</figure-number>',
      '<figure-number>6</figure-number><suffix>sharp</suffix>',
      '<figure-number>6</figure-number><suffix>sharp</suffix>',
    ]);
    expect(importPartWriting(doc.score).chords.map((c) => c.figures)).toEqual(['7b', '6n', '#6', 'b7', '6#', '6#']);
  });

  it('reads a key change where a chord begins into its numeral or figures, and refuses one in the middle of a chord', () => {
    const doc = partWritingExercise('Modulating', {
      key: 'C major',
      meter: '4/4',
      given: ['S'],
      write: ['A', 'T', 'B'],
      chords: [
        { numeral: 'I', S: 'E5' },
        { numeral: 'V', S: 'D5' },
        { numeral: 'I', S: 'C5', beats: 2 },
        { numeral: 'V', S: 'A4', beats: 2 },
        { numeral: 'I', S: 'G4', beats: 2 },
      ],
      points: 10,
    });
    const newKey = '<attributes><key><fifths>1</fifths><mode>major</mode></key></attributes>';
    const changed = doc.score.replace('<measure number="2">', `<measure number="2">${newKey}`);
    expect(importPartWriting(changed).chords.map((c) => c.numeral)).toEqual(['I', 'V', 'I', 'G: V', 'I']);
    // Inside the half note of measure 1: back a quarter, change the key, forward again.
    const inside = doc.score.replace(
      '<measure number="2">',
      `<measure number="2"><backup><duration>2</duration></backup>${newKey}<forward><duration>2</duration></forward>`,
    );
    expect(() => importPartWriting(inside)).toThrow(
      'Measure 2: the key changes in the middle of a chord; change the key where a chord begins.',
    );
    const twoBars = { ...figuredBass, chords: figuredBass.chords.map((chord) => ({ ...chord, beats: 2 })) };
    const figured = partWritingExercise('x', twoBars).score.replace('<measure number="2">', `<measure number="2">${newKey}`);
    // Figures take the key before them, as a label does (decision 031).
    expect(importPartWriting(figured).chords.map((c) => c.figures)).toEqual(['', '', 'G: #', '']);
    const plain = partWritingExercise('x', {
      ...twoBars,
      chords: twoBars.chords.map(({ figures: _f, ...chord }) => chord),
    }).score.replace('<measure number="2">', `<measure number="2">${newKey}`);
    expect(() => importPartWriting(plain)).toThrow('Measure 2: the key changes at a chord without a numeral');
  });

  it('grades a figured bass that changes key (G: 7) in the new key: the model’s F♯s cost nothing there, and cost without the key', () => {
    const modulating = {
      ...figuredBass,
      key: 'C major',
      chords: [
        { figures: '', B: 'C3' },
        { figures: 'G: 7', B: 'D3' },
        { figures: '', B: 'G2' },
        { figures: '', B: 'D3' },
      ],
    };
    const voices = {
      chords: [
        { S: 'C5', A: 'G4', T: 'E4' },
        { S: 'C5', A: 'F#4', T: 'A3' },
        { S: 'B4', A: 'G4', T: 'B3' },
        { S: 'A4', A: 'F#4', T: 'D4' },
      ],
    };
    const doc = partWritingExercise('Modulating', modulating, voices);
    // Written and read back as a file, the key change is still there and graded by.
    const exercise = readPartWritingHar(writePartWritingHar(doc)).exercise;
    expect(exercise.chords[1]?.figures).toBe('G: 7');
    expect(gradePartWriting(exercise, voices)).toMatchObject({ score: 20, findings: [] });
    const unkeyed = partWritingExercise('x', {
      ...modulating,
      chords: modulating.chords.map((c) => ({ ...c, figures: c.figures.replace('G: ', '') })),
    });
    const grade = gradePartWriting(unkeyed.exercise, voices);
    expect(grade.findings.filter((f) => f.rule === 'wrong-chord').map((f) => f.chords)).toEqual([[1], [3]]);
    expect(grade.score).toBeLessThan(20);
  });

  it('writes a key the figures change to under the bass, and the figures as ever', () => {
    const doc = partWritingExercise('Modulating bass', {
      ...figuredBass,
      key: 'C major',
      chords: [
        { figures: '', B: 'C3' },
        { figures: 'G: 6 5', B: 'F#3' },
        { figures: 'G:', B: 'G3' },
        { figures: 'C: 7', B: 'G3' },
      ],
    });
    expect([...doc.score.matchAll(/<words>(.*?)<\/words>/g)].map((m) => m[1])).toEqual(['G:', 'G:', 'C:']);
    expect(doc.score).toContain('<figure><figure-number>6</figure-number></figure>');
    expect(doc.score).not.toMatch(/<figure-number>G/);
    expect(() => partWritingExercise('x', { ...figuredBass, chords: [{ figures: 'H: 6', B: 'C3' }] })).toThrow(
      'part-writing.json: chord 1 has "H: 6", which are not figures.',
    );
  });

  it('reads a bass without figures on a grand staff as the bass (its staff’s F clef)', () => {
    const plain = partWritingExercise('x', {
      ...figuredBass,
      chords: figuredBass.chords.map(({ figures: _f, ...chord }) => ({ ...chord, numeral: 'i' })),
    });
    expect(importPartWriting(plain.score).given).toEqual(['B']);
  });

  it('reads a rest in the given voice as part of its line (issue 35): the chord before it holds it', () => {
    const score = partWritingExercise('x', figuredBass).score;
    const read = importPartWriting(score.replace(/<pitch><step>D<\/step><octave>3<\/octave><\/pitch>/, '<rest/>'));
    expect(read.chords.map((c) => [c.B, c.beats, c.figures])).toEqual([
      ['A2:4+r:4', 2, ''],
      ['E3', 1, '#'],
      ['A2', 1, ''],
    ]);
  });

  describe('the given voice with its rhythm (issue 35): rests, sixteenths, ties and metre changes are lines', () => {
    const NOTE = (step: string, octave: number, duration: number, extra = '') =>
      `<note><pitch><step>${step[0]}</step>${step[1] === '#' ? '<alter>1</alter>' : step[1] === 'b' ? '<alter>-1</alter>' : ''}<octave>${octave}</octave></pitch><duration>${duration}</duration>${extra}</note>`;
    const REST = (duration: number) => `<note><rest/><duration>${duration}</duration></note>`;
    const HARMONY = (numeral: string) => `<harmony><function>${numeral}</function></harmony>`;
    const score = (part: string, measures: string, clef = 'G') =>
      `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>${part}</part-name></score-part></part-list><part id="P1">${measures.replace('<!--attrs-->', `<attributes><divisions>4</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>${clef}</sign></clef></attributes>`)}</part></score-partwise>`;
    const TIE_START = '<tie type="start"/><notations><tied type="start"/></notations>';
    const TIE_STOP = '<tie type="stop"/><notations><tied type="stop"/></notations>';

    it('a soprano with numerals: the notes after a numeral are its chord, sixteenths and a breath rest in its line', () => {
      const read = importPartWriting(
        score(
          'Soprano',
          `<measure number="1"><!--attrs-->${HARMONY('I')}${NOTE('E', 5, 4)}${NOTE('D', 5, 2)}${NOTE('C', 5, 1)}${NOTE('B', 4, 1)}${HARMONY('IV')}${NOTE('A', 4, 4)}${HARMONY('V')}${NOTE('G', 4, 2)}${REST(2)}</measure>` +
            `<measure number="2">${HARMONY('I')}${NOTE('C', 5, 16, '<notations><fermata/></notations>')}</measure>`,
        ),
      );
      expect(read).toEqual({
        key: 'C',
        meter: '4/4',
        given: ['S'],
        chords: [
          { numeral: 'I', S: 'E5:4+D5:8+C5:16+B4:16', beats: 2 },
          { numeral: 'IV', S: 'A4', beats: 1 },
          { numeral: 'V', S: 'G4:8+r:8', beats: 1 },
          { numeral: 'I', S: 'C5', beats: 4 },
        ],
      });
    });

    it('a figured bass: every note a chord, a note tied over the barline split and tied (the chord keeps its figures), a change of metre, a pickup', () => {
      const figures = (n: string) => `<figured-bass><figure><figure-number>${n}</figure-number></figure></figured-bass>`;
      const read = importPartWriting(
        score(
          'Bass',
          `<measure number="0" implicit="yes"><!--attrs-->${NOTE('C', 3, 4)}</measure>` +
            `<measure number="1">${NOTE('F', 3, 4)}${figures('6')}${NOTE('G', 3, 4)}${NOTE('A', 3, 8, TIE_START)}</measure>` +
            `<measure number="2"><attributes><time><beats>3</beats><beat-type>4</beat-type></time></attributes>${NOTE('A', 3, 4, TIE_STOP)}${NOTE('G', 3, 2)}${NOTE('F', 3, 2)}${REST(4)}</measure>` +
            `<measure number="3">${NOTE('C', 3, 12)}</measure>`,
          'F',
        ),
      );
      expect(read).toMatchObject({ key: 'C', meter: '4/4', given: ['B'], pickup: 1, first_measure: 0 });
      expect(read.chords).toEqual([
        { figures: '', B: 'C3', beats: 1 },
        { figures: '', B: 'F3', beats: 1 },
        { figures: '6', B: 'G3', beats: 1 },
        { figures: '', B: 'A3~', beats: 2 },
        { figures: '', B: 'A3', beats: 1, meter: '3/4' },
        { figures: '', B: 'G3', beats: 0.5 },
        { figures: '', B: 'F3:8+r:4', beats: 1.5 },
        { figures: '', B: 'C3', beats: 3 },
      ]);
    });

    it('soprano and bass moving apart with numerals: one chord per numeral, each voice its line', () => {
      const two = `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Soprano</part-name></score-part><score-part id="P2"><part-name>Bass</part-name></score-part></part-list>
        <part id="P1"><measure number="1"><attributes><divisions>2</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>${HARMONY('I')}${NOTE('C', 5, 1)}${NOTE('D', 5, 1)}${HARMONY('V')}${NOTE('B', 4, 2)}</measure></part>
        <part id="P2"><measure number="1"><attributes><divisions>2</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>${NOTE('C', 3, 2)}${NOTE('G', 2, 2)}</measure></part></score-partwise>`;
      expect(importPartWriting(two).chords).toEqual([
        { numeral: 'I', S: 'C5:8+D5:8', B: 'C3', beats: 1 },
        { numeral: 'V', S: 'B4', B: 'G2', beats: 1 },
      ]);
    });
  });

  it.runIf(existsSync(CHORALE))(
    'a whole four-voice chorale (corpus 001, read at run time) is refused with what to upload instead (QA Q5)',
    () => {
      const { musicxml } = importMusicXml(new Uint8Array(readFileSync(CHORALE)));
      let refusal: unknown;
      try {
        importPartWriting(musicxml);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(HarError);
      expect((refusal as HarError).message).toBe(
        'The score has 4 voices that do not move note against note. Upload only the given voice (a bass with its figures, or a voice with Roman numerals), or soprano and bass moving together, as its own score.',
      );
      expect((refusal as HarError).ref).toEqual({ code: 'har.pwWholeScore', params: { count: 4 } });
    },
  );
});
