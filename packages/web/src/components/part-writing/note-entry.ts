import { DEFAULT_RANGES, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { diatonicOnLetter, type Key, midi, type Pitch, parseKey, parsePitch, pitchName } from '@app/contract/part-writing/theory';
import { answerText, readAnswer, type WrittenChord } from '@app/contract/part-writing/written';

/**
 * Note entry of the part-writing workspace (issue 27), pure so it is tested without a browser: a
 * letter gives that note as the key's signature spells it, in the octave nearest the voice's
 * previous note (or the middle of its range); arrows and a digit right after the letter set the
 * octave; `#`/`+` sharpen, `b`/`-` flatten — right after a letter, the letter's own sharp or flat
 * (`Bb` is B♭ in every key; issue 35) — (a `b` right after a letter is a flat, otherwise the letter
 * B); other digits pick note values (`noteValueForKey`); steps move a note along the key's scale for
 * pointer entry.
 */

const LETTERS = 'CDEFGAB';

/** The middle of a voice's usual range (MIDI), where a first note lands. */
const middle = (voice: Voice) => {
  const [low, high] = DEFAULT_RANGES[voice];
  return (low + high) / 2;
};

function keyOf(text: string): Key {
  return parseKey(text) ?? { tonic: { step: 0, alter: 0 }, mode: 'major' };
}

/** A letter's note in the key's signature, in the octave nearest `near` (a MIDI number). */
export function letterNote(letter: string, keyText: string, near: number): string {
  const step = LETTERS.indexOf(letter.toUpperCase());
  const pc = diatonicOnLetter(keyOf(keyText), step);
  let best: Pitch = { ...pc, octave: 4 };
  for (let octave = 0; octave <= 8; octave++) {
    const candidate = { ...pc, octave };
    if (Math.abs(midi(candidate) - near) < Math.abs(midi(best) - near)) best = candidate;
  }
  return pitchName(best);
}

/** Where a voice's next note should land: its note in the nearest earlier chord that has one, else the middle of its range. */
export function nearFor(chords: readonly WrittenChord[], index: number, voice: Voice): number {
  for (let i = index; i >= 0; i--) {
    const pitch = parsePitch(chords[i]?.[voice] ?? '');
    if (pitch && i !== index) return midi(pitch);
  }
  return middle(voice);
}

const inMidi = (pitch: Pitch) => midi(pitch) >= 0 && midi(pitch) <= 127;

export function withOctave(note: string, octave: number): string {
  const pitch = parsePitch(note);
  if (!pitch) return note;
  const next = { ...pitch, octave };
  return inMidi(next) ? pitchName(next) : note;
}

export function octaveStep(note: string, step: 1 | -1): string {
  const pitch = parsePitch(note);
  return pitch ? withOctave(note, pitch.octave + step) : note;
}

/** One alteration more (sharp) or less (flat), at most a double sharp or flat. */
export function alterStep(note: string, step: 1 | -1): string {
  const pitch = parsePitch(note);
  if (!pitch || Math.abs(pitch.alter + step) > 2) return note;
  const next = { ...pitch, alter: pitch.alter + step };
  return inMidi(next) ? pitchName(next) : note;
}

/** The next note up or down the key's scale (pointer entry's step control). */
export function scaleStep(note: string, keyText: string, step: 1 | -1): string {
  const pitch = parsePitch(note);
  if (!pitch) return note;
  const stepIndex = pitch.step + step;
  const octave = pitch.octave + (stepIndex > 6 ? 1 : stepIndex < 0 ? -1 : 0);
  const pc = diatonicOnLetter(keyOf(keyText), (stepIndex + 7) % 7);
  const next = { ...pc, octave };
  return inMidi(next) ? pitchName(next) : note;
}

/**
 * What the last key on a cell was: `'letter'` a note's letter (an accidental then says the letter's
 * own sharp or flat: `B` `b` is B♭ in every key, never the key's B♭ flattened again), `true` an
 * accidental after it (a `b` is still a flat, another one doubles it), `false` anything else.
 */
export type Typed = boolean | 'letter';

export type KeyResult =
  /** The cell's new note ('' clears it); `letter`: a new note was entered by its letter. */
  | { note: string; typed: Typed; letter?: boolean }
  /** Not a note-entry key: let the browser have it (Tab, shortcuts). */
  | null;

/** A letter's own sharp or flat (`B` then `b`: B♭, `F` then `#`: F♯, whatever the key signature gave the letter). */
function ownAccidental(note: string, alter: 1 | -1): string {
  const pitch = parsePitch(note);
  if (!pitch) return note;
  const next = { ...pitch, alter };
  return inMidi(next) ? pitchName(next) : note;
}

/**
 * What a key pressed on a cell does. `typed` says what the last key on this cell entered (see
 * `Typed`): after a letter or an accidental a `b` means flat and a digit is the octave (`Bb2` is
 * B♭2 in every key); a bare letter takes the key signature (`B` in F major is B♭).
 */
export function noteForKey(
  key: string,
  cell: { note: string; typed: Typed },
  context: { keyText: string; near: number; shift?: boolean },
): KeyResult {
  const { note, typed } = cell;
  if (/^[a-gA-G]$/.test(key)) {
    if (key === 'b' && typed && note !== '' && !context.shift)
      return { note: typed === 'letter' ? ownAccidental(note, -1) : alterStep(note, -1), typed: true };
    return { note: letterNote(key, context.keyText, context.near), typed: 'letter', letter: true };
  }
  if (note !== '' && (key === '#' || key === '+'))
    return { note: typed === 'letter' ? ownAccidental(note, 1) : alterStep(note, 1), typed: true };
  if (note !== '' && key === '-') return { note: typed === 'letter' ? ownAccidental(note, -1) : alterStep(note, -1), typed: true };
  if (note !== '' && (key === 'n' || key === '=')) {
    const pitch = parsePitch(note);
    return pitch ? { note: pitchName({ ...pitch, alter: 0 }), typed: true } : null;
  }
  if (note !== '' && /^[0-8]$/.test(key) && (typed || noteValueForKey(key) === undefined))
    return { note: withOctave(note, Number(key)), typed: false };
  if (note !== '' && key === 'ArrowUp') return { note: octaveStep(note, 1), typed: false };
  if (note !== '' && key === 'ArrowDown') return { note: octaveStep(note, -1), typed: false };
  if (key === 'Backspace' || key === 'Delete') return { note: '', typed: false };
  return null;
}

/**
 * The note value a digit picks, as MuseScore numbers them (3 a sixteenth, 4 an eighth, 5 a quarter,
 * 6 a half, 7 a whole). With no value picked yet (`picked` false), a digit right after a letter or an
 * accidental (`typed`) is the note's octave instead (`Bb2`, the grid's way); once a value is picked
 * the student writes rhythm as in MuseScore and 3–7 are always values (↑ ↓ set the octave).
 */
export function noteValueForKey(key: string, typed: Typed = false, picked = false): 1 | 2 | 4 | 8 | 16 | undefined {
  if (typed && !picked) return undefined;
  return ({ '3': 16, '4': 8, '5': 4, '6': 2, '7': 1 } as const)[key as '3'];
}

/**
 * A chord typed in the text form: the voices to write (`D5 G4 B3`, each a line: `D5 G4:8+F#4:8 B3`),
 * or all voices of the chord (`D5 G4 B3 G2`) with the given ones as given; `-` leaves a voice empty.
 * With the chord's length, each line must fill it.
 */
export function readChordText(
  text: string,
  given: readonly Voice[],
  write: readonly Voice[],
  beats?: number,
): { chord: WrittenChord } | { problem: 'count' | 'pitch' | 'line' } {
  const tokens = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  const all = VOICES.filter((v) => given.includes(v) || write.includes(v));
  const kept =
    tokens.length === all.length && all.length !== write.length ? tokens.filter((_, i) => write.includes(all[i] as Voice)) : tokens;
  const read = readAnswer(kept.join(' '), write, beats);
  if ('problem' in read) return { problem: read.problem.kind === 'count' ? 'count' : read.problem.kind === 'line' ? 'line' : 'pitch' };
  return read;
}

export { answerText };
