import type { Quality } from '@app/contract/roman-numeral';

/** A chord tone above the root: scale steps (the spelling) and semitones. */
export type Tone = { steps: number; semitones: number };
export type ChordType = { quality: Quality; tones: Tone[]; seventh: boolean; name: string };

const ROOT: Tone = { steps: 0, semitones: 0 };
const M3: Tone = { steps: 2, semitones: 4 };
const m3: Tone = { steps: 2, semitones: 3 };
const P5: Tone = { steps: 4, semitones: 7 };
const d5: Tone = { steps: 4, semitones: 6 };
const A5: Tone = { steps: 4, semitones: 8 };
const m7: Tone = { steps: 6, semitones: 10 };
const M7: Tone = { steps: 6, semitones: 11 };
const d7: Tone = { steps: 6, semitones: 9 };

/** The tertian chords the analysis names: its triads and seventh chords, root first. */
export const CHORD_TYPES: ChordType[] = [
  { name: 'major', quality: 'major', tones: [ROOT, M3, P5], seventh: false },
  { name: 'minor', quality: 'minor', tones: [ROOT, m3, P5], seventh: false },
  { name: 'diminished', quality: 'diminished', tones: [ROOT, m3, d5], seventh: false },
  { name: 'augmented', quality: 'augmented', tones: [ROOT, M3, A5], seventh: false },
  { name: 'dominant-seventh', quality: 'major', tones: [ROOT, M3, P5, m7], seventh: true },
  { name: 'major-seventh', quality: 'major', tones: [ROOT, M3, P5, M7], seventh: true },
  { name: 'minor-seventh', quality: 'minor', tones: [ROOT, m3, P5, m7], seventh: true },
  { name: 'half-diminished-seventh', quality: 'half-diminished', tones: [ROOT, m3, d5, m7], seventh: true },
  { name: 'diminished-seventh', quality: 'diminished', tones: [ROOT, m3, d5, d7], seventh: true },
];

/** The semitones above the root of the named chord types, in the order given. */
export function chordShapes(...names: string[]): number[][] {
  return names.map((name) => {
    const type = CHORD_TYPES.find((t) => t.name === name);
    if (!type) throw new Error(`No chord type ${name}`);
    return type.tones.map((tone) => tone.semitones);
  });
}
