import { describe, expect, it } from 'vitest';
import { HarError } from '../har-error.ts';
import { partWritingScore } from './score.ts';

describe('the score of a part-writing exercise', () => {
  const exercise = (beats: number[]) => ({
    key: 'C major',
    meter: '4/4',
    given: ['B'] as const,
    chords: beats.map((b) => ({ B: 'C3', figures: '', beats: b })),
  });

  it('fills measures chord by chord', () => {
    const xml = partWritingScore('Fits', exercise([2, 2, 4]));
    expect(xml.match(/<measure /g)).toHaveLength(2);
  });

  it('refuses a chord that crosses the barline with the chord and the meter named, as bad input (not a crash)', () => {
    const run = () => partWritingScore('Crosses', exercise([3, 2, 3]));
    expect(run).toThrow(HarError);
    expect(run).toThrow('Chord 2 crosses the barline; in 4/4 a chord must end by the end of its measure.');
  });
});

describe('the given voices with their real rhythm (issue 35)', () => {
  const xml = partWritingScore('Rhythm', {
    key: 'F major',
    meter: '4/4',
    pickup: 1,
    first_measure: 0,
    given: ['S', 'B'],
    chords: [
      { S: 'C5', B: 'F3', beats: 1 },
      { S: 'A4:8.+Bb4:16', B: 'F3~', beats: 1 },
      { S: 'C5~', B: 'F3', beats: 2, phrase_end: true },
      { S: 'C5:8+r:8', B: 'r', beats: 1 },
      { S: 'D5', B: 'Bb2', beats: 3, meter: '3/4' },
    ],
  });

  it('writes note values, dots, sixteenths, rests, ties over chord changes, a fermata and the change of metre', () => {
    expect(xml).toContain('<type>16th</type>');
    expect(xml).toMatch(/<type>eighth<\/type><dot\/>/);
    expect(xml).toContain('<rest/>');
    // The bass F3 held over the chord change is one note: a dotted half from beat 1 (quarter + half, tied into one value).
    expect(xml).toMatch(/<step>F<\/step><octave>3<\/octave><\/pitch>\s*<duration>192<\/duration>/);
    // The soprano's C5 tied from the fermata chord into the next: a tie over the barline.
    expect(xml).toContain('<tied type="start"/>');
    expect(xml).toContain('<tied type="stop"/>');
    expect(xml).toContain('<fermata type="upright"/>');
    expect(xml).toContain('<fermata type="inverted"/>');
    expect(xml).toMatch(/<measure number="2">\s*<attributes>\s*<time><beats>3<\/beats><beat-type>4<\/beat-type><\/time>/);
  });

  it('beams eighths and sixteenths within a beat', () => {
    expect(xml).toContain('<beam number="1">begin</beam>');
    expect(xml).toContain('<beam number="1">end</beam>');
  });
});
