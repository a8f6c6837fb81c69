import { type ChordLabel, type Degree, parseRomanNumeral, type Tonicization } from '@app/contract/roman-numeral';

/**
 * Just enough tonal theory to spell the chords of the sample library: keys,
 * scale steps and the pitches of a Roman numeral in a key, spelled by letter
 * (so V7 of B♭ is F A C E♭, never F A C D♯).
 */

/** step: 0–6 for C D E F G A B; alter: semitones (−1 flat, +1 sharp). */
export type PitchClass = { step: number; alter: number };
export type Pitch = PitchClass & { octave: number };
export type Mode = 'major' | 'minor';
export type Key = { tonic: PitchClass; mode: Mode };

export type Chord = {
  /** Root, third, fifth and, for seventh chords, the seventh. */
  tones: PitchClass[];
  /** Which of `tones` is in the bass. */
  bass: number;
  /** A tone that should rise by a semitone to the next chord (the leading tone of a dominant). */
  leadingTone?: PitchClass;
  /** Tones that should fall by step (a chordal seventh; the sixth and fourth of a cadential six-four). */
  falling: PitchClass[];
  /** Tones that must not be doubled. */
  noDoubling: PitchClass[];
  /** A diminished triad, which doubles its third rather than its root or fifth. */
  diminished?: boolean;
};

const NATURAL = [0, 2, 4, 5, 7, 9, 11];
const SCALES: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };
const STEP_NAMES = 'CDEFGAB';

export function pitchClass(name: string): PitchClass {
  const step = STEP_NAMES.indexOf(name[0] ?? '');
  if (step < 0) throw new Error(`Unknown note name ${name}`);
  const rest = name.slice(1);
  const alter = rest === '#' ? 1 : rest === 'b' ? -1 : rest === '' ? 0 : Number.NaN;
  if (Number.isNaN(alter)) throw new Error(`Unknown note name ${name}`);
  return { step, alter };
}

export function semitone(pc: PitchClass): number {
  return ((((NATURAL[pc.step] as number) + pc.alter) % 12) + 12) % 12;
}

export function midi(pitch: Pitch): number {
  return 12 * (pitch.octave + 1) + (NATURAL[pitch.step] as number) + pitch.alter;
}

export function samePitchClass(a: PitchClass, b: PitchClass): boolean {
  return a.step === b.step && a.alter === b.alter;
}

export function noteName(pc: PitchClass): string {
  return `${STEP_NAMES[pc.step]}${pc.alter > 0 ? '#'.repeat(pc.alter) : 'b'.repeat(-pc.alter)}`;
}

/** The pitch class `steps` letters and `semitones` above a note (a major third is 2 steps, 4 semitones). */
export function above(pc: PitchClass, steps: number, semitones: number): PitchClass {
  const step = (pc.step + steps) % 7;
  const target = semitone(pc) + semitones;
  let alter = (((target - (NATURAL[step] as number)) % 12) + 12) % 12;
  if (alter > 6) alter -= 12;
  return { step, alter };
}

/** A scale step of a key; in minor the natural minor scale. */
export function scaleStep(key: Key, degree: Degree, accidental = 0): PitchClass {
  const index = degree - 1;
  const pc = above(key.tonic, index, SCALES[key.mode][index] as number);
  return { step: pc.step, alter: pc.alter + accidental };
}

/** The number of sharps (positive) or flats (negative) of a key signature. */
export function keyFifths(key: Key): number {
  const base = [0, 2, 4, -1, 1, 3, 5][key.tonic.step] as number;
  return base + 7 * key.tonic.alter - (key.mode === 'minor' ? 3 : 0);
}

/** The alteration the key signature gives a letter. */
export function signatureAlter(fifths: number, step: number): number {
  const sharps = [3, 0, 4, 1, 5, 2, 6];
  const flats = [6, 2, 5, 1, 4, 0, 3];
  if (fifths > 0) return sharps.slice(0, fifths).includes(step) ? 1 : 0;
  if (fifths < 0) return flats.slice(0, -fifths).includes(step) ? -1 : 0;
  return 0;
}

export function keyName(key: Key): string {
  const name = noteName(key.tonic).replace('b', '♭').replace('#', '♯');
  return `${name} ${key.mode}`;
}

/** The key a chord is applied to: V/ii in C major borrows D minor. */
function tonicize(key: Key, target: Tonicization): Key {
  return { tonic: scaleStep(key, target.degree, target.accidental), mode: target.quality };
}

/**
 * The chord a Roman numeral names in a key. 'Cad64' is the tonic triad over the
 * dominant bass; in minor, 'vii' sits on the raised leading tone and 'vi' on the raised
 * sixth ('#vii°7' and '#vi°' are the same chords), 'VII' on the subtonic and 'VI' on the natural
 * sixth, and V and vii° are built from the harmonic minor by their quality.
 */
export function chordOf(key: Key, label: string): Chord {
  const parsed = parseRomanNumeral(label);
  if (!parsed) throw new Error(`Not a Roman numeral: ${label}`);
  if (parsed.kind === 'special') {
    if (parsed.name !== 'Cad64') throw new Error(`The library does not write ${parsed.name} chords`);
    const tonic = chordOf(key, key.mode === 'major' ? 'I64' : 'i64');
    const [root, third] = tonic.tones as [PitchClass, PitchClass, PitchClass];
    return { ...tonic, falling: [root, third] };
  }
  return spell(key, parsed);
}

function spell(home: Key, label: ChordLabel): Chord {
  let key = home;
  for (const target of [...label.applied].reverse()) key = tonicize(key, target);
  // RomanText's minor (roman-numeral.ts): lower-case vi and vii stand on the raised degrees, and an
  // explicit '#vi°' or '#vii°7' names the same chord; upper-case VI and VII are the natural ones.
  const raisedDegree =
    key.mode === 'minor' && (label.degree === 6 || label.degree === 7) && label.quality !== 'major' && label.quality !== 'augmented';
  const accidental = raisedDegree && (label.accidental === 0 || label.accidental === 1) ? 1 : label.accidental;
  const root = scaleStep(key, label.degree, accidental);
  const q = label.quality;
  const third = above(root, 2, q === 'major' || q === 'augmented' ? 4 : 3);
  const fifth = above(root, 4, q === 'diminished' || q === 'half-diminished' ? 6 : q === 'augmented' ? 8 : 7);
  const tones = [root, third, fifth];
  const isSeventh = ['7', '65', '43', '42'].includes(label.figure);
  if (isSeventh) tones.push(above(root, 6, q === 'diminished' ? 9 : 10));
  const bass = { '': 0, '6': 1, '64': 2, '7': 0, '65': 1, '43': 2, '42': 3 }[label.figure];

  const tonic = key.tonic;
  const leadingTone = above(tonic, 6, 11);
  const dominantFunction = (label.degree === 5 && q === 'major') || (label.degree === 7 && (q === 'diminished' || q === 'half-diminished'));
  const chord: Chord = {
    tones,
    bass,
    falling: isSeventh ? [tones[3] as PitchClass] : [],
    noDoubling: [],
    diminished: q === 'diminished' && !isSeventh,
  };
  if (dominantFunction && label.accidental === 0) {
    chord.leadingTone = leadingTone;
    chord.noDoubling.push(leadingTone);
  }
  if (isSeventh) chord.noDoubling.push(tones[3] as PitchClass);
  return chord;
}
