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
