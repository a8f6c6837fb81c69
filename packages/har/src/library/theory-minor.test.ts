import { describe, expect, it } from 'vitest';
import { chordOf, noteName, pitchClass } from './theory.ts';

const A_MINOR = { tonic: pitchClass('A'), mode: 'minor' as const };
const notes = (label: string) => chordOf(A_MINOR, label).tones.map(noteName);

describe('the minor mode as RomanText writes it (lower-case vi and vii raised)', () => {
  it.each([
    ['vii°7', ['G#', 'B', 'D', 'F']],
    ['#vii°7', ['G#', 'B', 'D', 'F']],
    ['viiø7', ['G#', 'B', 'D', 'F#']],
    ['vio6', ['F#', 'A', 'C']],
    ['#vi°', ['F#', 'A', 'C']],
    ['vi', ['F#', 'A', 'C#']],
    ['VI', ['F', 'A', 'C']],
    ['VII', ['G', 'B', 'D']],
    ['bVI', ['Fb', 'Ab', 'Cb']],
  ])('%s in A minor is %j', (label, tones) => {
    expect(notes(label)).toEqual(tones);
  });
});
