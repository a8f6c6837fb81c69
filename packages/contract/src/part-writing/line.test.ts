import { describe, expect, it } from 'vitest';
import { beatsValue, eventStarts, isSinglePitch, lineText, readLine, valueBeats } from './line.ts';
import { pitchName } from './theory.ts';

const events = (text: string, beats: number) => {
  const read = readLine(text, beats);
  if (!('events' in read)) throw new Error(JSON.stringify(read.problem));
  return read.events;
};

describe('a voice within a chord (issue 35)', () => {
  it('reads one pitch as a note lasting the chord, as documents before rhythm did', () => {
    expect(events('D5', 2)).toEqual([{ pitch: { step: 1, alter: 0, octave: 5 }, beats: 2 }]);
    expect(lineText(events('D5', 2), 2)).toBe('D5');
  });

  it('reads note values, dots, rests and ties, and writes them back the same', () => {
    const line = events('G4:8.+F#4:16+r:8+E4~', 2);
    expect(line.map((e) => e.beats)).toEqual([0.75, 0.25, 0.5, 0.5]);
    expect(line.map((e) => (e.pitch ? pitchName(e.pitch) : 'r'))).toEqual(['G4', 'F#4', 'r', 'E4']);
    expect(line[3]?.tie).toBe(true);
    expect(eventStarts(line)).toEqual([0, 0.75, 1, 1.5]);
    expect(lineText(line, 2)).toBe('G4:8.+F#4:16+r:8+E4:8~');
    expect(lineText(events(lineText(line, 2), 2), 2)).toBe('G4:8.+F#4:16+r:8+E4:8~');
  });

  it('reads B♭ and Bb as the same flat, whatever the key', () => {
    expect(events('Bb2:4+B♭2:4', 2).map((e) => e.pitch)).toEqual([
      { step: 6, alter: -1, octave: 2 },
      { step: 6, alter: -1, octave: 2 },
    ]);
  });

  it('refuses values that do not fill the chord, unknown values, ties to another pitch and tied rests', () => {
    expect(readLine('D5:4+C5:4', 3)).toEqual({ problem: { kind: 'length', written: 2, chord: 3 } });
    expect(readLine('D5:3', 1)).toMatchObject({ problem: { kind: 'event' } });
    expect(readLine('D5:8~+C5:8', 1)).toMatchObject({ problem: { kind: 'tie' } });
    expect(readLine('r:8~+C5:8', 1)).toMatchObject({ problem: { kind: 'tie' } });
    expect(readLine('H5', 1)).toMatchObject({ problem: { kind: 'pitch', text: 'H5' } });
    expect(readLine('D5:4+', 1)).toMatchObject({ problem: { kind: 'event' } });
  });

  it('writes a length no single value says in quarters, and reads it back', () => {
    expect(lineText(events('D5:4+C5', 2.25), 2.25)).toBe('D5:4+C5:q1.25');
    expect(events('D5:4+C5:q1.25', 2.25).map((e) => e.beats)).toEqual([1, 1.25]);
  });

  it('knows values with dots', () => {
    expect(valueBeats(4, 1)).toBe(1.5);
    expect(valueBeats(2, 2)).toBe(3.5);
    expect(beatsValue(0.375)).toEqual({ value: 16, dots: 1 });
    expect(beatsValue(1.25)).toBeUndefined();
    expect(isSinglePitch('D5')).toBe(true);
    expect(isSinglePitch('D5:4+C5')).toBe(false);
    expect(isSinglePitch('r')).toBe(false);
  });
});
