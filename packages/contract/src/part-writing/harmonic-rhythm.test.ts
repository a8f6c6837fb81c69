import { describe, expect, it } from 'vitest';
import { chordPlaces, mergeChords, mergeLines, splitChord, splitLine, splitPoints } from './harmonic-rhythm.ts';

// Chorale 001's opening as the import reads it (3/4, a one-beat pickup): the bass's E3 held over a chord change.
const CHORALE = {
  meter: '3/4',
  pickup: 1,
  chords: [
    { B: 'G2', beats: 1 },
    { B: 'G3', beats: 1 },
    { B: 'E3~', beats: 0.5 },
    { B: 'E3', beats: 0.5 },
    { B: 'D3:8+C3:8', beats: 1, phrase_end: true },
    { B: 'B2', beats: 2 },
    { B: 'C3', beats: 1 },
  ],
};
const MODEL = [{ S: 'G4' }, { S: 'B4' }, { S: 'C5:16+B4:16' }, { S: 'A4' }, { S: 'A4' }, { S: 'G4:4+A4:4' }, {}];

describe('the harmonic rhythm adjusted (issue 35)', () => {
  it('places chords in their measures as the score writer bars them: the pickup is the last beat of its measure', () => {
    expect(chordPlaces(CHORALE)?.map((p) => [p.measure, p.start])).toEqual([
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 1.5],
      [1, 2],
      [2, 0],
      [2, 2],
    ]);
    expect(chordPlaces({ meter: '4/4', chords: [{ beats: 3 }, { beats: 2 }] })).toBeUndefined();
    // A meter change starts a measure.
    expect(chordPlaces({ meter: '4/4', chords: [{ beats: 2 }, { beats: 3, meter: '3/4' }] })?.map((p) => p.measure)).toEqual([0, 1]);
  });

  it('joins two lines, a note tied over the join becoming one note again', () => {
    expect(mergeLines('E3~', 0.5, 'E3', 0.5)).toBe('E3');
    expect(mergeLines('G4', 1, 'A4:8+B4:8', 1)).toBe('G4:4+A4:8+B4:8');
    expect(mergeLines('C5:4~', 1, 'C5:8+B4:8', 1)).toBe('C5:4.+B4:8');
    // A length no value says keeps its tie: a quarter tied to a sixteenth.
    expect(mergeLines('C5~', 1, 'C5:16+B4:8.', 1)).toBe('C5:4~+C5:16+B4:8.');
    expect(mergeLines('r', 1, 'D4', 1)).toBe('r:4+D4:4');
    expect(mergeLines('D4:8', 1, 'D4', 1)).toBeUndefined();
  });

  it('cuts a line, a note over the cut becoming two tied notes', () => {
    expect(splitLine('C5', 1, 0.5)).toEqual(['C5~', 'C5']);
    expect(splitLine('C5:4.+B4:8', 2, 1)).toEqual(['C5~', 'C5:8+B4:8']);
    expect(splitLine('D3:8+C3:8', 1, 0.5)).toEqual(['D3', 'C3']);
    // A note tied on keeps its tie in its second half; a rest becomes two rests.
    expect(splitLine('A4~', 2, 1.5)).toEqual(['A4~', 'A4~']);
    expect(splitLine('A4:4+B4~', 2, 1.5)).toEqual(['A4:4+B4:8~', 'B4~']);
    expect(splitLine('r', 2, 1)).toEqual(['r', 'r']);
    expect(splitLine('C5', 1, 0)).toBeUndefined();
    expect(splitLine('C5', 1, 1)).toBeUndefined();
  });

  it('merges a chord with the next in its measure: lengths added, given and model lines joined, the next one’s phrase end', () => {
    const merged = mergeChords(CHORALE, 2, MODEL);
    if (!('chords' in merged)) throw new Error(merged.refused);
    expect(merged.chords).toHaveLength(6);
    expect(merged.chords[2]).toEqual({ B: 'E3', beats: 1 });
    expect(merged.model[2]).toEqual({ S: 'C5:16+B4:16+A4:8' });
    expect(merged.model).toHaveLength(6);
    expect(merged.model[3]).toEqual({ S: 'A4' });
    const toEnd = mergeChords(CHORALE, 3, MODEL);
    if (!('chords' in toEnd)) throw new Error(toEnd.refused);
    expect(toEnd.chords[3]).toEqual({ B: 'E3:8+D3:8+C3:8', beats: 1.5, phrase_end: true });
    // A model line only one of the two chords has is left to write again.
    const partial = mergeChords(CHORALE, 5, MODEL);
    if (!('chords' in partial)) throw new Error(partial.refused);
    expect(partial.chords[5]).toEqual({ B: 'B2:2+C3:4', beats: 3 });
    expect(partial.model[5]).toEqual({});
  });

  it('refuses a merge over a barline, after a phrase end unless asked, and after the last chord', () => {
    expect(mergeChords(CHORALE, 0, MODEL)).toEqual({ refused: 'barline' });
    expect(mergeChords(CHORALE, 6, MODEL)).toEqual({ refused: 'last' });
    const phrase = {
      meter: '4/4',
      chords: [
        { B: 'C3', beats: 2, phrase_end: true },
        { B: 'D3', beats: 2 },
      ],
    };
    expect(mergeChords(phrase, 0, [])).toEqual({ refused: 'phrase-end' });
    const asked = mergeChords(phrase, 0, [], { acrossPhraseEnd: true });
    expect(asked).toEqual({ chords: [{ B: 'C3:2+D3:2', beats: 4 }], model: [{}] });
    const unread = {
      meter: '4/4',
      chords: [
        { B: 'C3:8', beats: 2 },
        { B: 'D3', beats: 2 },
      ],
    };
    expect(mergeChords(unread, 0, [])).toEqual({ refused: 'line', voice: 'B' });
  });

  it('keeps the first chord’s label, or takes the next one’s when the first has none written', () => {
    const labelled = {
      meter: '4/4',
      chords: [
        { B: 'C3', beats: 1, figures: '' },
        { B: 'E3', beats: 1, figures: '6' },
      ],
    };
    const merged = mergeChords(labelled, 0, []);
    expect('chords' in merged && merged.chords[0]?.figures).toBe('6');
    const numerals = {
      meter: '4/4',
      chords: [
        { B: 'C3', beats: 1, numeral: 'I' },
        { B: 'E3', beats: 1, numeral: 'I6' },
      ],
    };
    const kept = mergeChords(numerals, 0, []);
    expect('chords' in kept && kept.chords[0]?.numeral).toBe('I');
  });

  it('offers each beat inside a chord and each onset of any line', () => {
    // Chord 6 (B2, a half from the downbeat of 3/4): beat 2, and the model's A4 there.
    expect(splitPoints(CHORALE, 5, MODEL)).toEqual([1]);
    // Chord 3 (an eighth): the model's sixteenths.
    expect(splitPoints(CHORALE, 2, MODEL)).toEqual([0.25]);
    // A whole-measure chord in 6/8: the dotted-quarter beat and the eighths the voices move on.
    const compound = { meter: '6/8', chords: [{ S: 'C5:4+D5:8+E5:4.', beats: 3 }] };
    expect(splitPoints(compound, 0, [])).toEqual([1, 1.5]);
    // A pickup chord of two beats is split on the measure's beat.
    expect(splitPoints({ meter: '3/4', pickup: 2, chords: [{ B: 'C3', beats: 2 }] }, 0, [])).toEqual([1]);
  });

  it('splits a chord: every line cut, a held note tied over the cut, the label repeated, the phrase end on the second', () => {
    const split = splitChord(CHORALE, 5, 1, MODEL);
    if (!('chords' in split)) throw new Error(split.refused);
    expect(split.chords).toHaveLength(8);
    expect(split.chords.slice(5, 7)).toEqual([
      { B: 'B2~', beats: 1 },
      { B: 'B2', beats: 1 },
    ]);
    expect(split.model.slice(5, 7)).toEqual([{ S: 'G4' }, { S: 'A4' }]);
    expect(split.model).toHaveLength(8);
    const fermata = splitChord({ meter: '4/4', chords: [{ B: 'C3', beats: 4, numeral: 'I', phrase_end: true, meter: '4/4' }] }, 0, 2, []);
    expect(fermata).toEqual({
      chords: [
        { B: 'C3~', beats: 2, numeral: 'I', meter: '4/4' },
        { B: 'C3', beats: 2, numeral: 'I', phrase_end: true },
      ],
      model: [{}, {}],
    });
    expect(splitChord(CHORALE, 5, 0.3, MODEL)).toEqual({ refused: 'place' });
    expect(splitChord(CHORALE, 5, 2, MODEL)).toEqual({ refused: 'place' });
    // Split and merged again: the chords and lines as they were.
    const back = mergeChords({ ...CHORALE, chords: split.chords }, 5, split.model);
    expect(back).toEqual({ chords: CHORALE.chords, model: MODEL });
  });
});
