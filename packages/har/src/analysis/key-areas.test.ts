import { describe, expect, it } from 'vitest';
import { keyName } from '../library/theory.ts';
import { analyseScore } from './analyze-score.ts';
import { endsWithAuthenticCadence, findKey, keptSignature } from './key-finding.ts';
import { analysisPositions } from './positions.ts';
import { readScore } from './score-reading.ts';
import { choraleMusicXml, type TestChorale } from './test-chorales.ts';

const V_N = { cadential64: 'V', neapolitan6: 'N' } as const;

function piece(fifths: number, voices: TestChorale['voices'], extra: Partial<TestChorale> = {}): string {
  return choraleMusicXml({ title: 'Test', key: '', fifths, beats: 4, beatType: 4, layout: 'four-parts', voices, analysis: '', ...extra });
}
const keyOf = (xml: string) => {
  const reading = readScore(xml);
  return keyName(findKey(reading, analysisPositions(reading)));
};
const labels = (xml: string) => Object.fromEntries(analyseScore(xml, V_N).positions.map((p) => [p.id, p.suggestion.label]));

// D minor as Bach writes it with no flats (the Dorian signature): i IV V7 i | i iv6 V i.
const DORIAN = {
  soprano: 'F4:1 G4:1 G4:1 F4:1 | A4:1 Bb4:1 A4:1 A4:1',
  alto: 'D4:1 D4:1 E4:1 D4:1 | D4:1 D4:1 C#4:1 D4:1',
  tenor: 'A3:1 B3:1 C#4:1 A3:1 | F3:1 G3:1 E3:1 F3:1',
  bass: 'D3:1 G2:1 A2:1 D3:1 | D3:1 Bb2:1 A2:1 D3:1',
};

describe('key finding from all 24 keys', () => {
  it('reads D minor written with no flats (a Dorian signature), not C major or A minor', () => {
    expect(keyOf(piece(0, DORIAN))).toBe('D minor');
  });

  it('reads a minor key from the music when the score has no key signature', () => {
    const noSignature = piece(0, DORIAN).replace(/<key>[\s\S]*?<\/key>/g, '');
    expect(readScore(noSignature).keySignature).toBeNull();
    expect(keyOf(noSignature)).toBe('D minor');
  });

  it('reads G minor from a one-flat signature by its raised leading tone and final cadence', () => {
    const gMinor = {
      soprano: 'D5:1 D5:1 C5:1 Bb4:1 | A4:1 G4:1 F#4:1 G4:1',
      alto: 'Bb4:1 G4:1 A4:1 G4:1 | F#4:1 Eb4:1 D4:1 D4:1',
      tenor: 'G3:1 Bb3:1 Eb4:1 D4:1 | D4:1 C4:1 A3:1 Bb3:1',
      bass: 'G2:1 G3:1 F#3:1 G3:1 | D3:1 C3:1 D3:1 G2:1',
    };
    expect(keyOf(piece(-1, gMinor))).toBe('G minor');
  });
});

// B♭ minor with every D♭ and G♭ written as an accidental (an old edition's signature of three flats),
// ending on a half cadence (iv6–V): i iv6 V i | i6 iv V i | iv6 V.
const B_FLAT_MINOR = {
  soprano: 'Db5:1 Eb5:1 C5:1 Db5:1 | F5:1 Eb5:1 C5:1 Bb4:1 | Bb4:2 A4:2',
  alto: 'F4:1 Gb4:1 F4:1 F4:1 | Bb4:1 Bb4:1 A4:1 F4:1 | Eb4:2 F4:2',
  tenor: 'Bb3:1 Bb3:1 A3:1 Bb3:1 | Db4:1 Gb3:1 F3:1 Db4:1 | Bb3:2 C4:2',
  bass: 'Bb2:1 Gb2:1 F2:1 Bb2:1 | Db3:1 Eb3:1 F2:1 Bb2:1 | Gb2:2 F2:2',
};

describe('key finding: the signature the notes keep', () => {
  it('a signature two fifths from the one the notes keep gives way to theirs: B♭ minor written with three flats, not B♭ major (Mixolydian)', () => {
    const reading = readScore(piece(-3, B_FLAT_MINOR));
    expect(keptSignature(reading)?.fifths).toBe(-5);
    expect(keyOf(piece(-3, B_FLAT_MINOR))).toBe('B♭ minor');
  });

  it('a signature one fifth from the notes (Dorian) or the notes’ own is kept as written', () => {
    // D minor with no flats spells its B♭ as an accidental: one fifth, the Dorian signature the prior allows.
    expect(keptSignature(readScore(piece(0, DORIAN)))?.fifths).toBe(0);
    expect(keptSignature(readScore(piece(-5, B_FLAT_MINOR)))?.fifths).toBe(-5);
    expect(keyOf(piece(0, DORIAN))).toBe('D minor');
  });
});

// C major to G major and back: C Am F G | C Am(= G: ii) D7 G | Em C D7 G | G7(= C: V7) C F G7 | C.
const MODULATING = {
  soprano: 'E5:1 E5:1 F5:1 D5:1 | E5:1 C5:1 C5:1 B4:1 | B4:1 C5:1 C5:1 B4:1 | B4:1 C5:1 C5:1 B4:1 | C5:4',
  alto: 'G4:1 A4:1 A4:1 B4:1 | G4:1 A4:1 A4:1 G4:1 | G4:1 G4:1 A4:1 G4:1 | F4:1 G4:1 A4:1 G4:1 | G4:4',
  tenor: 'C4:1 C4:1 C4:1 G3:1 | C4:1 E4:1 F#4:1 D4:1 | E4:1 E4:1 F#4:1 D4:1 | D4:1 E4:1 F4:1 F4:1 | E4:4',
  bass: 'C3:1 A2:1 F2:1 G2:1 | C3:1 A2:1 D3:1 G2:1 | E3:1 C3:1 D3:1 G2:1 | G2:1 C3:1 F3:1 G2:1 | C3:4',
};

// A minor ending on a Phrygian half cadence (iv6–V), as modal chorale tunes do, with no signature:
// V iv6 i V | i V i iv6 | V. Read as a piece ending on its tonic it would be E major.
const PHRYGIAN = {
  soprano: 'E5:1 D5:1 C5:1 B4:1 | A4:1 B4:1 C5:1 D5:1 | E5:4',
  alto: 'B4:1 B4:1 A4:1 G#4:1 | E4:1 G#4:1 A4:1 A4:1 | B4:4',
  tenor: 'G#4:1 F4:1 E4:1 E4:1 | C4:1 E4:1 E4:1 D4:1 | G#4:4',
  bass: 'E3:1 D3:1 A2:1 E3:1 | A2:1 E3:1 A2:1 F3:1 | E3:4',
};
const withoutSignature = (xml: string) => xml.replace(/<key>[\s\S]*?<\/key>/g, '');

describe('key finding: the last chord', () => {
  it('a last chord not reached from its own dominant is a half cadence of the key before (iv6–V in A minor)', () => {
    const xml = withoutSignature(piece(0, PHRYGIAN));
    expect(endsWithAuthenticCadence(analysisPositions(readScore(xml)))).toBe(false);
    expect(keyOf(xml)).toBe('A minor');
  });

  it('a last chord reached from its own dominant (V–I) is a tonic, not a half cadence', () => {
    const authentic = {
      soprano: 'B4:1 B4:1 A4:1 F#4:1 | E4:4',
      alto: 'G#4:1 G#4:1 E4:1 D#4:1 | E4:4',
      tenor: 'E4:1 E4:1 C#4:1 B3:1 | B3:4',
      bass: 'E3:1 E3:1 A2:1 B2:1 | E2:4',
    };
    const xml = withoutSignature(piece(4, authentic));
    expect(endsWithAuthenticCadence(analysisPositions(readScore(xml)))).toBe(true);
    expect(keyOf(xml)).toBe('E major');
  });
});

describe('key areas', () => {
  it('find a modulation to the dominant with its pivot chord, and the return with another', () => {
    const analysis = analyseScore(piece(0, MODULATING), V_N);
    expect(analysis.key.name).toBe('C major');
    expect(analysis.openingKey.name).toBe('C major');
    expect(labels(piece(0, MODULATING))).toEqual({
      m1b1: 'I',
      m1b2: 'vi',
      m1b3: 'IV',
      m1b4: 'V',
      m2b1: 'I = G: IV',
      m2b2: 'ii',
      m2b3: 'V7',
      m2b4: 'I',
      m3b1: 'vi',
      m3b2: 'IV',
      m3b3: 'V7',
      m3b4: 'I = C: V',
      m4b1: 'V7',
      m4b2: 'I',
      m4b3: 'IV',
      m4b4: 'V7',
      m5b1: 'I',
    });
    const keys = analysis.positions.map((p) => p.key.name);
    expect(keys.slice(0, 4)).toEqual(Array(4).fill('C major'));
    expect(keys.slice(4, 11)).toEqual(Array(7).fill('G major'));
    expect(keys.slice(11)).toEqual(Array(6).fill('C major'));
    // In G, the piece's reading is offered beside the local one.
    expect(analysis.positions.find((p) => p.id === 'm2b3')?.suggestion.answers).toEqual(['V7', 'C: V7/V']);
  });

  it('keep a brief tonicisation as an applied chord (V7/V), not a key change', () => {
    const brief = {
      soprano: 'E5:1 E5:1 C5:1 B4:1 | C5:1 C5:1 B4:1 C5:1',
      alto: 'G4:1 A4:1 A4:1 G4:1 | G4:1 A4:1 G4:1 G4:1',
      tenor: 'C4:1 C4:1 F#4:1 D4:1 | E4:1 F4:1 F4:1 E4:1',
      bass: 'C3:1 A2:1 D3:1 G2:1 | C3:1 F3:1 G2:1 C3:1',
    };
    expect(labels(piece(0, brief))).toMatchObject({ m1b3: 'V7/V', m1b4: 'V', m2b4: 'I' });
    expect(Object.values(labels(piece(0, brief))).some((label) => label?.includes(':'))).toBe(false);
  });

  it('call a major tonic triad ending a minor piece a Picardy third (I), not V/iv', () => {
    const picardy = {
      soprano: 'F4:1 G4:1 E4:1 F4:1 | G4:1 E4:1 F#4:2',
      alto: 'D4:1 D4:1 C#4:1 D4:1 | D4:1 C#4:1 D4:2',
      tenor: 'A3:1 Bb3:1 A3:1 A3:1 | Bb3:1 A3:1 A3:2',
      bass: 'D3:1 G2:1 A2:1 D3:1 | G2:1 A2:1 D3:2',
    };
    const analysis = analyseScore(piece(-1, picardy), V_N);
    expect(analysis.key.name).toBe('D minor');
    expect(labels(piece(-1, picardy))).toMatchObject({ m1b1: 'i', m1b3: 'V', m2b3: 'I' });
  });
});

describe('non-chord tones: a position is named by its chord tones', () => {
  // Each phrase is in C major; the decorated chord is what the test names.
  const suggestion = (voices: TestChorale['voices'], id: string) =>
    analyseScore(piece(0, voices), V_N).positions.find((p) => p.id === id)?.suggestion;

  it('a passing note off the beat decorates its chord', () => {
    const passing = {
      soprano: 'E5:0.5 D5:0.5 C5:1 B4:1 C5:1',
      alto: 'G4:1 A4:1 G4:1 G4:1',
      tenor: 'C4:1 F4:1 D4:1 E4:1',
      bass: 'C3:1 F3:1 G2:1 C3:1',
    };
    expect(suggestion(passing, 'm1b1')).toMatchObject({ label: 'I', embellishing: false });
    expect(suggestion(passing, 'm1b1.5')).toMatchObject({ label: 'I', embellishing: true });
  });

  it('a neighbour note off the beat decorates its chord', () => {
    const neighbour = {
      soprano: 'E5:0.5 F5:0.5 E5:1 D5:1 E5:1',
      alto: 'G4:1 A4:1 G4:1 G4:1',
      tenor: 'C4:1 C4:1 B3:1 C4:1',
      bass: 'C3:1 A2:1 G2:1 C3:1',
    };
    expect(suggestion(neighbour, 'm1b1.5')).toMatchObject({ label: 'I', embellishing: true });
  });

  it('a 4–3 suspension is the dominant, not a chord with a fourth', () => {
    const fourThree = {
      soprano: 'C5:1 C5:0.5 B4:0.5 C5:2',
      alto: 'G4:1 G4:1 G4:2',
      tenor: 'E4:1 D4:1 E4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    // The soprano's C is held into the dominant (a tie would be the same: one sounding note).
    const tied = { ...fourThree, soprano: 'C5:1~ C5:0.5 B4:0.5 C5:2' };
    expect(suggestion(tied, 'm1b2')).toMatchObject({ label: 'V', embellishing: false });
    expect(suggestion(tied, 'm1b2.5')).toMatchObject({ label: 'V', embellishing: true });
  });

  it('a 7–6 suspension over I6 is I6', () => {
    const sevenSix = {
      soprano: 'D5:1~ D5:0.5 C5:0.5 C5:2',
      alto: 'B4:1 G4:1 G4:2',
      tenor: 'G4:1 G4:1 E4:2',
      bass: 'G2:1 E3:1 C3:2',
    };
    expect(suggestion(sevenSix, 'm1b2')).toMatchObject({ label: 'I6', embellishing: false });
  });

  it('a 9–8 suspension over I is I', () => {
    const nineEight = {
      soprano: 'D5:1~ D5:0.5 C5:0.5 C5:2',
      alto: 'B4:1 G4:1 G4:2',
      tenor: 'G4:1 E4:1 E4:2',
      bass: 'G2:1 C3:1 C3:2',
    };
    expect(suggestion(nineEight, 'm1b2')).toMatchObject({ label: 'I', embellishing: false });
  });

  it('a 2–3 suspension in the bass is the chord it resolves to (V6)', () => {
    const twoThree = {
      soprano: 'C5:1 D5:1 C5:2',
      alto: 'G4:1 G4:1 G4:2',
      tenor: 'E4:1 D4:1 E4:2',
      bass: 'C3:1~ C3:0.5 B2:0.5 C3:2',
    };
    expect(suggestion(twoThree, 'm1b2')).toMatchObject({ label: 'V6', embellishing: false });
  });

  it('an appoggiatura (leapt to on the beat, left by step) is read as the chord it resolves to', () => {
    const appoggiatura = {
      soprano: 'E5:1 C5:0.5 B4:0.5 C5:2',
      alto: 'G4:1 G4:1 G4:2',
      tenor: 'C4:1 D4:1 E4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    expect(suggestion(appoggiatura, 'm1b2')).toMatchObject({ label: 'V', embellishing: false });
  });

  it('an anticipation of the next chord in the top voice decorates the chord before', () => {
    const anticipation = {
      soprano: 'E5:1 D5:1 B4:0.5 C5:0.5 C5:1',
      alto: 'G4:1 A4:1 G4:1 G4:1',
      tenor: 'C4:1 F4:1 D4:1 E4:1',
      bass: 'C3:1 F3:1 G2:1 C3:1',
    };
    expect(suggestion(anticipation, 'm1b3')).toMatchObject({ label: 'V', embellishing: false });
    expect(suggestion(anticipation, 'm1b3.5')).toMatchObject({ label: 'V', embellishing: true });
  });

  it('a pedal: a bass held under the chords above it is left out of them', () => {
    const pedal = {
      soprano: 'C5:1 C5:1 B4:1 C5:1',
      alto: 'G4:1 A4:1 G4:1 G4:1',
      tenor: 'E4:1 F4:1 D4:1 E4:1',
      bass: 'C3:4',
    };
    expect(suggestion(pedal, 'm1b2')?.label).toMatch(/^IV/);
    expect(suggestion(pedal, 'm1b3')?.label).toMatch(/^V/);
  });

  it('an accented passing note on the beat, over a bass that holds, is read at its resolution (IV6, not ii43)', () => {
    const accented = {
      soprano: 'C5:1 C5:1 B4:1 C5:1',
      alto: 'E4:1 D4:0.5 C4:0.5 D4:1 E4:1',
      tenor: 'G3:1 F3:1 G3:1 G3:1',
      bass: 'C3:1 A2:1 G2:1 C3:1',
    };
    expect(suggestion(accented, 'm1b2')).toMatchObject({ label: 'IV6', embellishing: false });
    // Where the bass moves on with the resolution, the beat is its own chord.
    const bassMoves = { ...accented, bass: 'C3:1 A2:0.5 F2:0.5 G2:1 C3:1' };
    expect(suggestion(bassMoves, 'm1b2')?.label).toBe('ii43');
  });

  it('the fewest moving notes are the non-chord tones: a 9–8 over I while other voices move on is I, not IV64', () => {
    const nineEight = {
      soprano: 'B4:1 G4:0.5 A4:0.5 G4:1 G4:1',
      alto: 'D4:1~ D4:0.5 C4:0.5 B3:1 C4:1',
      tenor: 'G3:1 E3:0.5 F3:0.5 D3:1 E3:1',
      bass: 'G2:1 C3:1 G2:1 C3:1',
    };
    expect(suggestion(nineEight, 'm1b2')).toMatchObject({ label: 'I', embellishing: false });
  });

  it('an accented passing note in the bass under voices that hold is read at its resolution (V7, not viiø42)', () => {
    const bassPassing = {
      soprano: 'D5:1 D5:1 C5:2',
      alto: 'G4:1 F4:1 E4:2',
      tenor: 'D4:1 B3:1 C4:2',
      bass: 'B2:1 A2:0.5 G2:0.5 C3:2',
    };
    expect(suggestion(bassPassing, 'm1b2')).toMatchObject({ label: 'V7', embellishing: false });
    // When a voice above moves with the bass, the beat is its own chord.
    const altoMoves = { ...bassPassing, alto: 'G4:1 F4:0.5 E4:0.5 E4:2' };
    expect(suggestion(altoMoves, 'm1b2')?.label).toBe('viiø42');
  });

  it('a bass that passes on by step is not an appoggiatura: the chord above it with an added note stays i, not III42', () => {
    // D minor written with one flat: i (with a struck ninth) over a bass passing D–E–F.
    const passingBass = {
      soprano: 'F4:1 F4:1 E4:1 D4:1 | D4:4',
      alto: 'D4:1 E4:1 C#4:1 A3:1 | A3:4',
      tenor: 'A3:1 A3:1 A3:1 F3:1 | F#3:4',
      bass: 'D3:1 D3:0.5 E3:0.5 A2:1 D3:1 | D3:4',
    };
    expect(analyseScore(piece(-1, passingBass), V_N).positions.find((p) => p.id === 'm1b2')?.suggestion.label).toBe('i');
  });

  it('a prepared suspension may resolve as the bass moves on (9–8 over a passing bass): IV, not a chord with a ninth', () => {
    const nineEight = {
      soprano: 'G4:1 A4:1 A4:1 G4:1 | G4:4',
      alto: 'C4:1 C4:1 C4:1 B3:1 | C4:4',
      tenor: 'G3:1~ G3:0.5 F3:0.5 E3:1 D3:1 | E3:4',
      bass: 'E2:1 F2:0.5 G2:0.5 A2:1 G2:1 | C3:4',
    };
    expect(suggestion(nineEight, 'm1b2')).toMatchObject({ label: 'IV', embellishing: false });
  });

  it('a prepared dissonance resolves as the other voices move on (9–8 as the bass leaps to vi): I, not vi6', () => {
    // V | I with the tenor's D held over as a ninth, falling to C as the bass leaps C–A and the alto G–A | IV V | I.
    const nineEightMovingOn = {
      soprano: 'B4:1 E5:1 C5:1 B4:1 | C5:4',
      alto: 'G4:1~ G4:0.5 A4:0.5 A4:1 G4:1 | G4:4',
      tenor: 'D4:1~ D4:0.5 C4:0.5 C4:1 D4:1 | E4:4',
      bass: 'G2:1 C3:0.5 A2:0.5 F2:1 G2:1 | C3:4',
    };
    expect(suggestion(nineEightMovingOn, 'm1b2')).toMatchObject({ label: 'I', embellishing: false });
    // A held note that is a chord tone at the onset (the onset a whole chord) and falls as the bass
    // moves on is no suspension: I stays I, not Imaj7.
    const chordToneMovingOn = {
      soprano: 'C5:1~ C5:0.5 B4:0.5 A4:1 B4:1 | C5:4',
      alto: 'G4:1~ G4:1 F4:1 G4:1 | G4:4',
      tenor: 'C4:1 E4:1 C4:1 D4:1 | E4:4',
      bass: 'E3:1 C3:0.5 E3:0.5 F3:1 G2:1 | C3:4',
    };
    expect(suggestion(chordToneMovingOn, 'm1b2')).toMatchObject({ label: 'I', embellishing: false });
  });

  it('a whole diminished triad on the beat stays a chord when a voice moves by step within the beat (vii°6)', () => {
    const leading = {
      soprano: 'C5:1 B4:0.5 A4:0.5 G4:1 G4:1',
      alto: 'G4:1 D4:1 E4:1 E4:1',
      tenor: 'E3:1 F3:1 G3:1 C4:1',
      bass: 'C3:1 D3:1 E3:1 C3:1',
    };
    expect(suggestion(leading, 'm1b2')).toMatchObject({ label: 'vii°6', embellishing: false });
  });

  it('a passing seventh from the root (8–7) while the other voices hold keeps the chord, now a seventh (V65, not vii°6)', () => {
    const eightSeven = {
      soprano: 'E5:1 D5:1 C5:2',
      alto: 'G4:1 G4:0.5 F4:0.5 E4:2',
      tenor: 'C4:1 D4:1 C4:2',
      bass: 'C3:1 B2:1 C3:2',
    };
    expect(suggestion(eightSeven, 'm1b2')).toMatchObject({ label: 'V6', embellishing: false });
    expect(suggestion(eightSeven, 'm1b2.5')).toMatchObject({ label: 'V65', embellishing: false });
    // Another voice moving with it makes a chord of its own.
    const tenorMoves = { ...eightSeven, tenor: 'C4:1 D4:0.5 B3:0.5 C4:2' };
    expect(suggestion(tenorMoves, 'm1b2.5')?.label).toBe('vii°');
  });

  it('the spelling names the chord: D–F–G♯ in A minor is vii°7 without its third (vii°43), not a diminished triad on D with G♯ read as A♭', () => {
    const leadingTone = {
      soprano: 'C5:1 D5:1 C5:1 B4:1 | A4:4',
      alto: 'A4:1 G#4:1 A4:1 G#4:1 | A4:4',
      tenor: 'E4:1 F4:1 E4:1 E4:1 | C4:4',
      bass: 'A2:1 D3:1 C3:1 E3:1 | A2:4',
    };
    expect(labels(piece(0, leadingTone))).toMatchObject({ m1b1: 'i', m1b2: 'vii°43', m1b3: 'i6', m1b4: 'V' });
    // Where no spelling explains the notes (the tonic C written B♯ over a C bass), the sound still does.
    const misspelled = { ...leadingTone, soprano: 'C5:1 D5:1 B#4:1 B4:1 | A4:4' };
    expect(labels(piece(0, misspelled)).m1b3).toBe('i6');
  });

  it('an incomplete diminished seventh on the beat is no whole chord: an appoggiatura in it is read at its resolution (iv6, not vii°42)', () => {
    const appoggiatura = {
      soprano: 'A4:1 G#4:0.5 A4:0.5 B4:1 A4:1 | A4:4',
      alto: 'E4:1 D4:1 E4:1 E4:1 | E4:4',
      tenor: 'C4:1 D4:1 G#3:1 C4:1 | C4:4',
      bass: 'A2:1 F3:1 E3:1 A2:1 | A2:4',
    };
    expect(labels(piece(0, appoggiatura)).m1b2).toBe('iv6');
    // A whole vii°7 on the beat stands as a chord.
    const whole = { ...appoggiatura, tenor: 'C4:1 B3:1 G#3:1 C4:1 | C4:4' };
    expect(labels(piece(0, whole)).m1b2).toBe('vii°42');
  });

  it('the tonic anticipated and held over a cadence while the seventh enters is left out: V7, not I43', () => {
    const anticipation = {
      soprano: 'C5:1 C5:1 B4:0.5 C5:0.5 C5:1 | C5:4',
      alto: 'G4:1 A4:1 G4:0.75 F4:0.25 E4:1 | E4:4',
      tenor: 'E4:1 C4:1 B3:1 C4:1 | G3:4',
      bass: 'C3:1 F3:1 G2:1 C3:1 | C3:4',
    };
    expect(suggestion(anticipation, 'm1b3.75')).toMatchObject({ label: 'V7', embellishing: false });
    expect(suggestion(anticipation, 'm1b4')?.label).toBe('I');
    // Without the third the other notes make no whole chord, and the held note is not left out.
    const noThird = { ...anticipation, tenor: 'E4:1 C4:1 D4:1 C4:1 | G3:4' };
    expect(suggestion(noThird, 'm1b3.75')?.label).not.toBe('V7');
  });

  it('a sixth rising to the seventh over the dominant within the beat is V7 with an accented passing note, not iii6', () => {
    const sixSeven = {
      soprano: 'C5:1 B4:1 C5:2',
      alto: 'G4:1 G4:1 G4:2',
      tenor: 'E4:1 E4:0.5 F4:0.5 E4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    expect(suggestion(sixSeven, 'm1b2')).toMatchObject({ label: 'V7', embellishing: false });
  });

  it('a prepared seventh of a whole dominant seventh falling by step is its seventh, not a suspension: V42, not iii7', () => {
    const seventhInBass = {
      soprano: 'C5:1 C5:1 B4:1 C5:1 | C5:2',
      alto: 'G4:1 A4:1 G4:1 G4:1 | G4:2',
      tenor: 'E4:1 F4:1 D4:1 E4:1 | E4:2',
      bass: 'C3:1 F3:1~ F3:0.5 E3:0.5 E3:1 | C3:2',
    };
    expect(suggestion(seventhInBass, 'm1b3')?.label).toBe('V42');
    // Without the third (B) the held bass makes no whole V7 and is read at its resolution.
    expect(suggestion({ ...seventhInBass, soprano: 'C5:1 C5:1 D5:1 C5:1 | C5:2' }, 'm1b3')?.label).not.toBe('V42');
  });

  it('a bare third on the mediant in a major key (E–G over E in C) is the tonic with its root left out: I6, not iii', () => {
    const bareThird = {
      soprano: 'C5:1 G4:1 A4:1 B4:1 | C5:4',
      alto: 'E4:1 E4:1 F4:1 D4:1 | E4:4',
      tenor: 'G3:1 G3:1 A3:1 G3:1 | G3:4',
      bass: 'C3:1 E3:1 F3:1 G2:1 | C3:4',
    };
    expect(suggestion(bareThird, 'm1b2')).toMatchObject({ label: 'I6', embellishing: false });
    // The same two notes over the fifth (G–E over G) are not read so.
    expect(suggestion({ ...bareThird, bass: 'C3:1 G2:1 F3:1 G2:1 | C3:4' }, 'm1b2')?.label).not.toBe('I64');
    // With the fifth of the mediant (B) sounding, the mediant is whole: iii6 is not rewritten.
    expect(suggestion({ ...bareThird, soprano: 'C5:1 B4:1 A4:1 B4:1 | C5:4' }, 'm1b2')?.label).not.toBe('I6');
  });

  it('over the dominant within a beat, the mediant six chord whose sixth falls to the fifth (6–5) is V, not iii6', () => {
    const sixFive = {
      soprano: 'C5:1 B4:1 C5:2',
      alto: 'G4:1 G4:1 G4:2',
      tenor: 'E4:1 E4:0.5 D4:0.5 E4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    expect(suggestion(sixFive, 'm1b2')).toMatchObject({ label: 'V', embellishing: false });
    // The sixth held through the beat is a chord of its own: iii6 stands.
    expect(suggestion({ ...sixFive, tenor: 'E4:1 E4:1 E4:2' }, 'm1b2')?.label).toBe('iii6');
    // Over another bass (the tonic), the 6–5 is not read so: vi6 stands.
    const overTonic = { soprano: 'C5:1 C5:1 C5:2', alto: 'E4:1 E4:1 E4:2', tenor: 'C4:1 A3:0.5 G3:0.5 G3:2', bass: 'C3:1 C3:1 C3:2' };
    expect(suggestion(overTonic, 'm1b2')?.label).toBe('vi6');
  });

  it('over the dominant within a beat, the cadential six-four stays one: its 4–3 is not iii6, and a 7–8 under its sixth makes it', () => {
    // Ii6 with C held into the six-four (G–C–E over G) and falling to B while E holds: the beat is the six-four, not iii6.
    const fourThree = {
      soprano: 'A4:1 C5:1 E5:1 D5:1 | C5:2',
      alto: 'F4:1 C4:1~ C4:0.5 B3:0.5 B3:1 | C4:2',
      tenor: 'C4:1 A3:1 G3:2 | G3:2',
      bass: 'F3:1 F3:1 G2:2 | C3:2',
    };
    expect(suggestion(fourThree, 'm1b3')?.answers).toContain('I64');
    // A 4–3 without the sixth above it (G–C–D) is the suspension over V it always was.
    expect(suggestion({ ...fourThree, soprano: 'A4:1 C5:1 D5:1 D5:1 | C5:2' }, 'm1b3')?.label).toBe('V');
    // The leading tone rising to the tonic under the sixth (G–B–E, B to C within the beat) is the six-four too.
    const sevenEight = { ...fourThree, alto: 'F4:1 A4:1 B3:0.5 C4:0.5 B3:1 | C4:2' };
    expect(suggestion(sevenEight, 'm1b3')?.answers).toContain('I64');
  });

  it('a passing seventh over the dominant is named V7, as teachers do', () => {
    const passingSeventh = {
      soprano: 'E5:1 D5:1 C5:2',
      alto: 'G4:1 G4:0.5 F4:0.5 E4:2',
      tenor: 'C4:1 B3:1 C4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    expect(suggestion(passingSeventh, 'm1b2')).toMatchObject({ label: 'V', embellishing: false });
    expect(suggestion(passingSeventh, 'm1b2.5')).toMatchObject({ label: 'V7', embellishing: false });
  });

  it('a chord read over its beat: iv over a bass passing E–D, not the VI42 its onset leaves unexplained (A minor)', () => {
    // The beat sounds E3–D3 in the bass, A3–B3 in the tenor under F4 and D5: D–F–A explains most of it.
    const passingBass = {
      soprano: 'C5:1 D5:1 B4:1 C5:1 | C5:4',
      alto: 'E4:1 F4:1 E4:1 E4:1 | E4:4',
      tenor: 'A3:1 A3:0.5 B3:0.5 G#3:1 A3:1 | A3:4',
      bass: 'A2:1 E3:0.5 D3:0.5 E3:1 A2:1 | A2:4',
    };
    expect(labels(piece(0, passingBass)).m1b2).toBe('iv');
    // A bass held through the beat belongs to its chord: the span's D–F–A does not replace the onset's reading.
    const heldBass = { ...passingBass, bass: 'A2:1 E3:1 E3:1 A2:1 | A2:4' };
    expect(labels(piece(0, heldBass)).m1b2).not.toBe('iv');
  });

  it('a seventh chord read over its beat replaces one read at the onset when its seventh sounds through: V7, not vi42', () => {
    // Over a held G and a held F, the alto and tenor sound A and C on the beat and move to G and B.
    const heldSeventh = {
      soprano: 'E5:1 F5:1 E5:2',
      alto: 'G4:1 A4:0.5 G4:0.5 G4:2',
      tenor: 'C4:1 C4:0.5 B3:0.5 C4:2',
      bass: 'C3:1 G2:1 C3:2',
    };
    expect(labels(piece(0, heldSeventh)).m1b2).toBe('V7');
    // A seventh that moves within the beat is a passing note: no seventh chord over the span.
    const movingSeventh = { ...heldSeventh, soprano: 'E5:1 F5:0.5 E5:0.5 E5:2' };
    expect(labels(piece(0, movingSeventh)).m1b2).not.toBe('V7');
  });

  it('an off-beat leading-tone chord with a passing note against it is named (vii°), not a decoration of I', () => {
    // Between two tonic chords the bass, tenor and alto turn to B, D and F under a held C.
    const turning = {
      soprano: 'C5:1 C5:1 B4:1 C5:1',
      alto: 'G4:0.5 F4:0.5 E4:1 D4:1 E4:1',
      tenor: 'E4:0.5 D4:0.5 C4:1 G3:1 G3:1',
      bass: 'C3:0.5 B2:0.5 C3:1 G2:1 C3:1',
    };
    expect(suggestion(turning, 'm1b1.5')).toMatchObject({ label: 'vii°', embellishing: false });
    // Without its third (no D) the sonority is no leading-tone chord: it decorates I.
    const noThird = { ...turning, tenor: 'E4:1 C4:1 G3:1 G3:1' };
    expect(suggestion(noThird, 'm1b1.5')).toMatchObject({ label: 'I', embellishing: true });
  });

  it('voices moving on to the next chord within the beat are not tried at their resolution: I6 with an accented passing note, not IV42', () => {
    // On beat 2 the soprano passes G–F–E over I6 while the bass and tenor move on to IV at the half beat.
    const movingOn = {
      soprano: 'G4:1 F4:0.5 E4:0.5 D4:1 C4:1',
      alto: 'E4:1 C4:1 B3:1 C4:1',
      tenor: 'C4:1 G3:0.5 A3:0.5 G3:1 E3:1',
      bass: 'C3:1 E3:0.5 F3:0.5 G2:1 C3:1',
    };
    expect(labels(piece(0, movingOn))).toMatchObject({ m1b2: 'I6', 'm1b2.5': 'IV7' });
    // An appoggiatura over voices that hold is still read at its resolution (the test above: V, not a chord with a fourth).
  });
});
