import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readLine } from '@app/contract/part-writing/line';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import { pitchName } from '@app/contract/part-writing/theory';
import { describe, expect, it } from 'vitest';
import { readScore } from '../analysis/score-reading.ts';
import { HarError } from '../har-error.ts';
import { importMusicXml } from '../musicxml-import.ts';
import { importChosenVoices, voiceChoice } from './chorale-import.ts';
import { partWritingExercise, partWritingStudentCopy } from './document.ts';

const CORPUS = '/work/shared/corpora/bach-chorales/';
const CHORALE = `${CORPUS}001.mxl`;
const chorale = () => importMusicXml(new Uint8Array(readFileSync(CHORALE))).musicxml;

function refusal(run: () => unknown): HarError {
  try {
    run();
  } catch (error) {
    if (error instanceof HarError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** Two staves, two voices on each (S and A up, T and B down), in 4/4 with a one-beat pickup numbered 0. */
function sharedStaves(withAlto = true): string {
  const note = (step: string, octave: number, voice: number, beats = 1) =>
    `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>${beats * 2}</duration><voice>${voice}</voice><type>quarter</type></note>`;
  const measure = (number: number, upper: string[], lower: string[], length: number, first = false) =>
    `<measure number="${number}"${number === 0 ? ' implicit="yes"' : ''}>${
      first
        ? '<attributes><divisions>2</divisions><key><fifths>0</fifths><mode>major</mode></key><time><beats>4</beats><beat-type>4</beat-type></time></attributes>'
        : ''
    }${upper.join('')}${lower.length > 0 ? `<backup><duration>${length * 2}</duration></backup>${lower.join('')}` : ''}</measure>`;
  const part = (id: string, high: [string, number][], low: [string, number][], voices: [number, number]) =>
    `<part id="${id}">${measure(
      0,
      [note(...(high[0] as [string, number]), voices[0])],
      low.slice(0, 1).map(([s, o]) => note(s, o, voices[1])),
      1,
      true,
    )}${measure(
      1,
      high.slice(1).map(([s, o]) => note(s, o, voices[0])),
      low.slice(1).map(([s, o]) => note(s, o, voices[1])),
      4,
    )}</part>`;
  return `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Choir</part-name></score-part><score-part id="P2"><part-name>Choir</part-name></score-part></part-list>${part(
    'P1',
    [
      ['G', 4],
      ['C', 5],
      ['B', 4],
      ['C', 5],
      ['D', 5],
    ],
    withAlto
      ? [
          ['D', 4],
          ['E', 4],
          ['D', 4],
          ['E', 4],
          ['F', 4],
        ]
      : [],
    [1, 2],
  )}${part(
    'P2',
    [
      ['B', 3],
      ['G', 3],
      ['G', 3],
      ['G', 3],
      ['B', 3],
    ],
    [
      ['G', 2],
      ['C', 3],
      ['G', 2],
      ['C', 3],
      ['B', 2],
    ],
    [1, 2],
  )}</score-partwise>`;
}

/** The events of a voice over all chords, as [pitch or rest, quarters] with tied notes joined: the line as sung. */
function sung(texts: readonly (string | undefined)[], beats: readonly number[]): [string, number][] {
  const out: [string, number][] = [];
  let tied = false;
  texts.forEach((text, i) => {
    const read = readLine(text ?? 'r', beats[i] as number);
    if (!('events' in read)) throw new Error(`chord ${i + 1}: ${text}`);
    for (const event of read.events) {
      const name = event.pitch ? pitchName(event.pitch) : 'r';
      const last = out[out.length - 1];
      if (last && (tied || (name === 'r' && last[0] === 'r'))) last[1] += event.beats;
      else out.push([name, event.beats]);
      tied = event.tie === true;
    }
  });
  return out;
}

/** A small score: named parts, each a list of measures of notes ('C5:1' a quarter, 'r:0.5', '~' tied on, '!' a fermata). */
function scoreOf(
  parts: Record<string, string[][]>,
  options: { meters?: Record<number, string>; lyrics?: string[]; harmony?: string[] } = {},
) {
  const names = Object.keys(parts);
  const note = (text: string, p: number, n: number) => {
    const [pitch = 'r', rest = '1'] = text.split(':');
    const beats = Number.parseFloat(rest);
    const tie = rest.includes('~');
    const fermata = rest.includes('!');
    const body =
      pitch === 'r'
        ? '<rest/>'
        : `<pitch><step>${pitch[0]}</step>${pitch.includes('#') ? '<alter>1</alter>' : pitch.includes('b') && pitch.length > 2 ? '<alter>-1</alter>' : ''}<octave>${pitch.slice(-1)}</octave></pitch>`;
    const lyric = p === 0 && options.lyrics?.[n] ? `<lyric number="1"><text>${options.lyrics[n]}</text></lyric>` : '';
    const harmony = p === names.length - 1 && options.harmony?.[n] ? `<harmony><function>${options.harmony[n]}</function></harmony>` : '';
    return `${harmony}<note>${body}<duration>${beats * 4}</duration>${tie ? '<tie type="start"/>' : ''}<voice>1</voice>${tie || fermata ? `<notations>${tie ? '<tied type="start"/>' : ''}${fermata ? '<fermata/>' : ''}</notations>` : ''}${lyric}</note>`;
  };
  const part = (measures: string[][], p: number) => {
    let n = 0;
    return measures
      .map((notes, m) => {
        const meter = options.meters?.[m];
        const attributes =
          m === 0
            ? `<attributes><divisions>4</divisions><key><fifths>0</fifths><mode>major</mode></key><time><beats>${(meter ?? '4/4').split('/')[0]}</beats><beat-type>${(meter ?? '4/4').split('/')[1]}</beat-type></time></attributes>`
            : meter
              ? `<attributes><time><beats>${meter.split('/')[0]}</beats><beat-type>${meter.split('/')[1]}</beat-type></time></attributes>`
              : '';
        return `<measure number="${m + 1}">${attributes}${notes.map((text) => note(text, p, n++)).join('')}</measure>`;
      })
      .join('');
  };
  return `<?xml version="1.0"?><score-partwise version="4.0"><part-list>${names
    .map((name, i) => `<score-part id="P${i + 1}"><part-name>${name}</part-name></score-part>`)
    .join(
      '',
    )}</part-list>${names.map((name, i) => `<part id="P${i + 1}">${part(parts[name] as string[][], i)}</part>`).join('')}</score-partwise>`;
}

const exerciseOf = (read: ReturnType<typeof importChosenVoices>, write: Voice[]) =>
  partWritingExercise('x', { ...read, write, points: 20 }, read.model);

describe('a whole score as part writing, its given voices chosen (QA Q5, issue 35)', () => {
  it.runIf(existsSync(CHORALE))('lists a chorale’s four voices by their part names (corpus 001, read at run time)', () => {
    expect(voiceChoice(chorale())).toEqual({
      choose: [
        { voice: 'S', part: 'Soprano' },
        { voice: 'A', part: 'Alto' },
        { voice: 'T', part: 'Tenor' },
        { voice: 'B', part: 'Bass' },
      ],
      lines: [
        { voice: 'S', part: 'Soprano' },
        { voice: 'A', part: 'Alto' },
        { voice: 'T', part: 'Tenor' },
        { voice: 'B', part: 'Bass' },
      ],
      unclear: false,
    });
  });

  it.runIf(existsSync(CHORALE))(
    'the bass given: chords at the harmonic rhythm, every voice’s real line kept, the pickup and measure numbers kept',
    () => {
      const xml = chorale();
      const read = importChosenVoices(xml, ['B']);
      expect(read).toMatchObject({ key: 'G', meter: '3/4', given: ['B'], pickup: 1, first_measure: 0 });
      // More chords than bass notes would not say it: the harmony changes under held notes too (69 harmonies, 63 bass notes).
      expect(read.chords).toHaveLength(69);
      expect(read.chords.slice(0, 4)).toEqual([
        { beats: 1, B: 'G2' },
        { beats: 1, B: 'G3' },
        { beats: 0.5, B: 'E3~' },
        { beats: 0.5, B: 'E3' },
      ]);
      expect(read.model?.chords.slice(0, 4)).toEqual([
        { S: 'G4', A: 'D4', T: 'B3' },
        { S: 'G4~', A: 'D4', T: 'B3' },
        { S: 'G4~', A: 'E4~', T: 'C4' },
        { S: 'G4', A: 'E4', T: 'B3' },
      ]);
      // Each voice, read back over the chords, is Bach's line: as many notes, each as long, as the score's own reading.
      const beats = read.chords.map((c) => c.beats);
      const score = readScore(xml);
      VOICES.forEach((voice, part) => {
        const texts = read.chords.map((c, i) => c[voice] ?? read.model?.chords[i]?.[voice]);
        const line = sung(texts, beats).filter(([name]) => name !== 'r');
        const own = score.notes.filter((n) => n.part === part);
        expect(line.map(([, b]) => b)).toEqual(own.map((n) => n.end - n.onset));
      });
      const doc = exerciseOf(read, ['S', 'A', 'T']);
      expect(doc.score).toContain('<measure number="0" implicit="yes">');
      expect(doc.score).toContain('<measure number="1">');
      // The held soprano G of measure 1 is one half note in the score, though it lasts three chords.
      expect(doc.score).toContain('<type>half</type>');
      expect(doc.model?.chords).toHaveLength(69);
      expect(partWritingStudentCopy(doc).model).toBeUndefined();
    },
  );

  it.runIf(existsSync(CHORALE))(
    'soprano and bass given, whatever their rhythms; the soprano alone; the alto and tenor are the model',
    () => {
      const both = importChosenVoices(chorale(), ['S', 'B']);
      expect(both.given).toEqual(['S', 'B']);
      expect(both.model?.chords[0]).toEqual({ A: 'D4', T: 'B3' });
      expect(exerciseOf(both, ['A', 'T']).exercise.chords).toHaveLength(69);
      const soprano = importChosenVoices(chorale(), ['S']);
      expect(soprano.chords[0]).toEqual({ beats: 1, S: 'G4' });
      expect(soprano.model?.chords[0]).toEqual({ A: 'D4', T: 'B3', B: 'G2' });
    },
  );

  it.runIf(existsSync(CHORALE))('refuses a choice that is not the score’s', () => {
    const none = refusal(() => importChosenVoices(chorale(), []));
    expect(none.message).toBe(
      "Choose one or more of the score's voices (S, A, T, B) to give, and leave at least one for the students to write.",
    );
    expect(none.ref).toEqual({ code: 'har.pwGivenChoice', params: { voices: 'S, A, T, B' } });
    expect(refusal(() => importChosenVoices(chorale(), [...VOICES])).ref?.code).toBe('har.pwGivenChoice');
  });

  it('keeps rests, sixteenths, dots, ties over the barline, fermatas as phrase ends and a change of metre', () => {
    const xml = scoreOf(
      {
        Soprano: [
          ['E5:2', 'D5:1', 'C5:1!'],
          ['r:1', 'C5:0.75', 'D5:0.25', 'E5:2~'],
          ['E5:1', 'D5:1', 'C5:1!'],
        ],
        Alto: [
          ['G4:2', 'G4:1', 'E4:1'],
          ['r:1', 'A4:1', 'G4:2'],
          ['G4:1', 'F4:1', 'E4:1'],
        ],
        Tenor: [
          ['C4:2', 'B3:1', 'G3:1'],
          ['r:1', 'E4:1', 'C4:2'],
          ['C4:1', 'B3:1', 'G3:1'],
        ],
        Bass: [
          ['C3:2', 'G2:1', 'C3:1'],
          ['r:1', 'A2:1', 'C3:2'],
          ['C3:1', 'G2:1', 'C3:1'],
        ],
      },
      { meters: { 2: '3/4' } },
    );
    const read = importChosenVoices(xml, ['S', 'B']);
    const beats = read.chords.map((c) => c.beats);
    expect(
      sung(
        read.chords.map((c) => c.S),
        beats,
      ),
    ).toEqual([
      ['E5', 2],
      ['D5', 1],
      ['C5', 1],
      ['r', 1],
      ['C5', 0.75],
      ['D5', 0.25],
      ['E5', 3],
      ['D5', 1],
      ['C5', 1],
    ]);
    expect(
      sung(
        read.chords.map((c) => c.B),
        beats,
      ).map(([n]) => n),
    ).toEqual(['C3', 'G2', 'C3', 'r', 'A2', 'C3', 'C3', 'G2', 'C3']);
    // The first fermata ends a phrase; the last chord needs no mark.
    expect(read.chords.filter((c) => c.phrase_end).length).toBe(1);
    expect(read.chords.findIndex((c) => c.phrase_end)).toBe(read.chords.findIndex((c) => c.S === 'C5' && c.B === 'C3'));
    expect(read.chords.find((c) => c.meter)).toMatchObject({ meter: '3/4' });
    // The tie over the barline: the soprano's E5 ends measure 2 tied into measure 3.
    expect(read.chords.some((c) => c.S?.endsWith('E5~') || c.S?.endsWith('E5:4~'))).toBe(true);
    const doc = exerciseOf(read, ['A', 'T']);
    expect(doc.score).toContain('<rest/>');
    expect(doc.score).toContain('<type>16th</type>');
    expect(doc.score).toContain('<dot/>');
    expect(doc.score).toContain('<fermata');
    expect(doc.score).toContain('<tied type="start"/>');
    expect(doc.score).toMatch(/<measure number="3">\s*<attributes>\s*<time><beats>3<\/beats><beat-type>4<\/beat-type><\/time>/);
  });

  it('reads lyrics as words, never as numerals ("I", "ger", "i"), and numerals from <harmony>', () => {
    const parts = {
      Soprano: [['E5:1', 'D5:1', 'C5:2']],
      Alto: [['G4:1', 'G4:1', 'E4:2']],
      Tenor: [['C4:1', 'B3:1', 'G3:2']],
      Bass: [['C3:1', 'G2:1', 'C3:2']],
    };
    const lyrics = importChosenVoices(scoreOf(parts, { lyrics: ['I', 'ger', 'i'] }), ['S']);
    expect(lyrics.chords.every((c) => c.numeral === undefined)).toBe(true);
    const numerals = importChosenVoices(scoreOf(parts, { harmony: ['I', 'V', 'I'] }), ['B']);
    expect(numerals.chords.map((c) => c.numeral)).toEqual(['I', 'V', 'I']);
  });

  it('lets the instructor choose the four sung parts of a five-voice score, with an accurate message until then', () => {
    const line = (pitch: string) => [[`${pitch}:1`, `${pitch}:1`, `${pitch}:2`]];
    const xml = scoreOf({
      'Soprano 1': line('E5'),
      'Soprano 2': line('C5'),
      Alto: line('G4'),
      Tenor: line('E4'),
      Bass: line('C3'),
    });
    const choice = voiceChoice(xml);
    expect(choice?.unclear).toBe(true);
    expect(choice?.lines.map((l) => l.voice)).toEqual(['S', undefined, 'A', 'T', 'B']);
    const refused = refusal(() => importChosenVoices(xml, ['B']));
    expect(refused.ref).toEqual({ code: 'har.pwChooseSung', params: { count: 5, parts: 'Soprano 1, Soprano 2, Alto, Tenor, Bass' } });
    expect(refused.message).toBe(
      'The score has 5 sung parts (Soprano 1, Soprano 2, Alto, Tenor, Bass): choose which four are the soprano, alto, tenor and bass (the others are left out), then the given voices.',
    );
    const chosen = importChosenVoices(xml, ['B'], { parts: { S: 1, A: 2, T: 3, B: 4 } });
    expect(chosen.model?.chords[0]).toEqual({ S: 'C5:4+C5:4+C5:2', A: 'G4:4+G4:4+G4:2', T: 'E4:4+E4:4+E4:2' });
    expect(chosen.voices.map((v) => v.part)).toEqual(['Soprano 2', 'Alto', 'Tenor', 'Bass']);
    expect(refusal(() => importChosenVoices(xml, ['B'], { parts: { S: 1, A: 1, T: 3, B: 4 } })).ref?.code).toBe('har.pwPartsChoice');
  });

  it('reads two voices sharing each staff as four voices, by height', () => {
    const xml = sharedStaves();
    expect(voiceChoice(xml)?.choose).toEqual([
      { voice: 'S', part: 'Choir', staff_voice: 1 },
      { voice: 'A', part: 'Choir', staff_voice: 2 },
      { voice: 'T', part: 'Choir', staff_voice: 1 },
      { voice: 'B', part: 'Choir', staff_voice: 2 },
    ]);
    const read = importChosenVoices(xml, ['B']);
    expect(read).toMatchObject({ meter: '4/4', pickup: 1, first_measure: 0 });
    expect(
      sung(
        read.chords.map((chord) => chord.B),
        read.chords.map((c) => c.beats),
      ).map(([n]) => n),
    ).toEqual(['G2', 'C3', 'G2', 'C3', 'B2']);
  });

  it('asks which line is which voice for three unnamed voices', () => {
    expect(voiceChoice(sharedStaves(false))?.unclear).toBe(true);
    const refused = refusal(() => importChosenVoices(sharedStaves(false), ['B']));
    expect(refused.ref).toEqual({ code: 'har.pwVoicesUnclear', params: { count: 3 } });
    expect(refused.message).toBe(
      'The score has 3 voices, and its parts do not say which is the soprano, alto, tenor and bass: choose which line of the score each voice is, then the given voices.',
    );
  });

  it.runIf(existsSync(`${CORPUS}321.mxl`))('takes the key from the music: a Dorian signature (one flat) in G minor is G minor', () => {
    const { musicxml } = importMusicXml(new Uint8Array(readFileSync(`${CORPUS}321.mxl`)));
    const read = importChosenVoices(musicxml, ['S', 'B']);
    expect(read.signature_key).toBe('d');
    expect(read.key).toBe('g');
  });

  it.runIf(existsSync(CORPUS))(
    'every corpus chorale (read at run time) with soprano and bass given is an exercise',
    () => {
      const outcomes: Record<string, number> = {};
      for (const file of readdirSync(CORPUS).filter((name) => name.endsWith('.mxl'))) {
        const { musicxml } = importMusicXml(new Uint8Array(readFileSync(`${CORPUS}${file}`)));
        let outcome = 'exercise';
        try {
          exerciseOf(importChosenVoices(musicxml, ['S', 'B']), ['A', 'T']);
        } catch (error) {
          if (!(error instanceof HarError)) throw error;
          outcome = error.ref?.code ?? error.message;
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      expect(outcomes).toEqual({ exercise: 142 });
    },
    240_000,
  );
});
