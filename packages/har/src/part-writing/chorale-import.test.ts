import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { VOICES } from '@app/contract/part-writing/rules';
import { describe, expect, it } from 'vitest';
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

describe('a whole score as part writing, its given voices chosen (QA Q5)', () => {
  it.runIf(existsSync(CHORALE))('lists a chorale’s four voices by their part names (corpus 001, read at run time)', () => {
    expect(voiceChoice(chorale())).toEqual([
      { voice: 'S', part: 'Soprano' },
      { voice: 'A', part: 'Alto' },
      { voice: 'T', part: 'Tenor' },
      { voice: 'B', part: 'Bass' },
    ]);
  });

  it.runIf(existsSync(CHORALE))(
    'the bass given: one chord per bass note, the pickup and measure numbers kept, the upper voices as the model',
    () => {
      const read = importChosenVoices(chorale(), ['B']);
      expect(read).toMatchObject({ key: 'G', meter: '3/4', given: ['B'], pickup: 1, first_measure: 0 });
      expect(read.chords).toHaveLength(63);
      expect(read.chords.slice(0, 3)).toEqual([
        { beats: 1, B: 'G2' },
        { beats: 1, B: 'G3' },
        { beats: 1, B: 'E3' },
      ]);
      // Where each chord begins, what Bach's upper voices sound (a held note counts).
      expect(read.model?.chords.slice(0, 3)).toEqual([
        { S: 'G4', A: 'D4', T: 'B3' },
        { S: 'G4', A: 'D4', T: 'B3' },
        { S: 'G4', A: 'E4', T: 'C4' },
      ]);
      const doc = partWritingExercise(
        '001',
        {
          key: read.key,
          meter: read.meter,
          given: read.given,
          write: ['S', 'A', 'T'],
          chords: read.chords,
          points: 20,
          pickup: read.pickup,
          first_measure: read.first_measure,
        },
        read.model,
      );
      // The score the students get numbers its measures as the chorale does, the pickup as measure 0.
      expect(doc.score).toContain('<measure number="0" implicit="yes">');
      expect(doc.score).toContain('<measure number="1">');
      expect(doc.score).not.toContain('<measure number="0">\n');
      expect(doc.model?.chords).toHaveLength(63);
      expect(partWritingStudentCopy(doc).model).toBeUndefined();
    },
  );

  it.runIf(existsSync(CHORALE))('the soprano given: a melody to harmonise, the lower voices as the model', () => {
    const read = importChosenVoices(chorale(), ['S']);
    expect(read.given).toEqual(['S']);
    expect(read.chords[0]).toEqual({ beats: 1, S: 'G4' });
    expect(read.model?.chords[0]).toEqual({ A: 'D4', T: 'B3', B: 'G2' });
  });

  it.runIf(existsSync(CHORALE))('refuses a choice that is not the score’s, and given voices that do not move together', () => {
    const none = refusal(() => importChosenVoices(chorale(), []));
    expect(none.message).toBe(
      "Choose one or more of the score's voices (S, A, T, B) to give, and leave at least one for the students to write.",
    );
    expect(none.ref).toEqual({ code: 'har.pwGivenChoice', params: { voices: 'S, A, T, B' } });
    expect(refusal(() => importChosenVoices(chorale(), [...VOICES])).ref?.code).toBe('har.pwGivenChoice');
    expect(refusal(() => importChosenVoices(chorale(), ['S', 'B'])).message).toMatch(
      /^Measure \d+: the given voices do not move together; part writing is note against note\.$/,
    );
  });

  it('reads two voices sharing each staff as four voices, by height', () => {
    const xml = sharedStaves();
    expect(voiceChoice(xml)).toEqual([
      { voice: 'S', part: 'Choir', staff_voice: 1 },
      { voice: 'A', part: 'Choir', staff_voice: 2 },
      { voice: 'T', part: 'Choir', staff_voice: 1 },
      { voice: 'B', part: 'Choir', staff_voice: 2 },
    ]);
    const read = importChosenVoices(xml, ['B']);
    expect(read).toMatchObject({ key: 'C', meter: '4/4', pickup: 1, first_measure: 0 });
    expect(read.chords.map((chord) => chord.B)).toEqual(['G2', 'C3', 'G2', 'C3', 'B2']);
    expect(read.model?.chords[4]).toEqual({ S: 'D5', A: 'F4', T: 'B3' });
  });

  it('refuses three unnamed voices, saying how to name them', () => {
    const refused = refusal(() => voiceChoice(sharedStaves(false)));
    expect(refused.ref).toEqual({ code: 'har.pwVoicesUnclear', params: { count: 3 } });
    expect(refused.message).toBe(
      'The score has 3 voices, and its parts are not named Soprano, Alto, Tenor and Bass. Name the four sung parts so (other parts are left out), or keep only four voices or soprano and bass, and upload again.',
    );
  });

  it.runIf(existsSync(CORPUS))(
    'every corpus chorale (read at run time) with the bass given is an exercise or a refusal naming its measure',
    () => {
      const outcomes: Record<string, number> = {};
      for (const file of readdirSync(CORPUS).filter((name) => name.endsWith('.mxl'))) {
        const { musicxml } = importMusicXml(new Uint8Array(readFileSync(`${CORPUS}${file}`)));
        let outcome = 'exercise';
        try {
          const read = importChosenVoices(musicxml, ['B']);
          partWritingExercise(file, { ...read, write: ['S', 'A', 'T'], points: 20 }, read.model);
        } catch (error) {
          if (!(error instanceof HarError)) throw error;
          outcome = error.ref?.code ?? error.message;
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      // 106 of 142: the rest have a rest in the bass (a phrase's breath) or a sixteenth note, said at its measure.
      expect(outcomes).toEqual({ exercise: 106, 'har.pwGivenRests': 27, 'har.pwNoteLength': 9 });
    },
  );
});
