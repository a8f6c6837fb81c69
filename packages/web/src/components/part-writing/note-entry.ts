import { DEFAULT_RANGES, VOICES, type Voice } from '@app/contract/part-writing/rules';
import { diatonicOnLetter, type Key, midi, type Pitch, parseKey, parsePitch, pitchName } from '@app/contract/part-writing/theory';
import { answerText, readAnswer, type WrittenChord } from '@app/contract/part-writing/written';

/**
 * Note entry of the part-writing workspace (issue 27), pure so it is tested without a browser: a
 * letter gives that note as the key's signature spells it, in the octave nearest the voice's
 * previous note (or the middle of its range); arrows and digits set the octave; `#`/`+` sharpen,
 * `b`/`-` flatten (a `b` right after a letter is a flat, otherwise the letter B); steps move a note
 * along the key's scale for pointer entry.
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

export type KeyResult =
  /** The cell's new note ('' clears it). */
  | { note: string; typed: boolean }
  /** Not a note-entry key: let the browser have it (Tab, shortcuts). */
  | null;

/**
 * What a key pressed on a cell does. `typed` says the last key on this cell entered a letter or an
 * accidental (a `b` then means flat).
 */
export function noteForKey(
  key: string,
  cell: { note: string; typed: boolean },
  context: { keyText: string; near: number; shift?: boolean },
): KeyResult {
  const { note, typed } = cell;
  if (/^[a-gA-G]$/.test(key)) {
    if (key === 'b' && typed && note !== '' && !context.shift) return { note: alterStep(note, -1), typed: true };
    return { note: letterNote(key, context.keyText, context.near), typed: true };
  }
  if (note !== '' && (key === '#' || key === '+')) return { note: alterStep(note, 1), typed: true };
  if (note !== '' && key === '-') return { note: alterStep(note, -1), typed: true };
  if (note !== '' && (key === 'n' || key === '=')) {
    const pitch = parsePitch(note);
    return pitch ? { note: pitchName({ ...pitch, alter: 0 }), typed: true } : null;
  }
  if (note !== '' && /^[0-8]$/.test(key)) return { note: withOctave(note, Number(key)), typed: false };
  if (note !== '' && key === 'ArrowUp') return { note: octaveStep(note, 1), typed: false };
  if (note !== '' && key === 'ArrowDown') return { note: octaveStep(note, -1), typed: false };
  if (key === 'Backspace' || key === 'Delete') return { note: '', typed: false };
  return null;
}

/**
 * A chord typed in the text form: the voices to write (`D5 G4 B3`), or all voices of the chord
 * (`D5 G4 B3 G2`) with the given ones as given; `-` leaves a voice empty.
 */
export function readChordText(
  text: string,
  given: readonly Voice[],
  write: readonly Voice[],
): { chord: WrittenChord } | { problem: 'count' | 'pitch' } {
  const tokens = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  const all = VOICES.filter((v) => given.includes(v) || write.includes(v));
  const kept =
    tokens.length === all.length && all.length !== write.length ? tokens.filter((_, i) => write.includes(all[i] as Voice)) : tokens;
  const read = readAnswer(kept.join(' '), write);
  if ('problem' in read) return { problem: read.problem.kind === 'count' ? 'count' : 'pitch' };
  return read;
}

export { answerText };
