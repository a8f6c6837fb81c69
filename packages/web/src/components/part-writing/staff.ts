import { DEFAULT_RANGES, type Voice } from '@app/contract/part-writing/rules';
import { diatonicOnLetter, type Key, type Pitch, parseKey, parsePitch, pitchName } from '@app/contract/part-writing/theory';
import { layOutScore, type MeasureSpan, type ScoreLayout } from '../../lib/field-layout.ts';

/**
 * The part-writing workspace's staff (issue 27, decision 041), pure so it is tested without a
 * browser: a grand staff (soprano and alto on the treble staff, tenor and bass on the bass staff)
 * in our own units (one unit is a CSS pixel at scale 1). A note's place is its diatonic step
 * (`octave × 7 + letter`, C4 = 28); a pointer's height is a step on the staff of the voice it
 * writes, spelled as the key's signature spells that letter. The notes, rests and measures are laid
 * out by `notation.ts` and broken into systems by the analysis workspace's `layOutScore` (decision 035).
 */

/** Half a staff space: one diatonic step. */
export const HALF = 6;
export const SPACE = HALF * 2;
/** Room above the treble staff (finding numbers, ledger lines up to C6). */
const TREBLE_TOP_LINE_Y = 16 + 6 * HALF;
/** Treble lines E4 (30) … F5 (38); bass lines G2 (18) … A3 (26). */
export const TREBLE = { clef: 'treble', top: 38, bottom: 30, topY: TREBLE_TOP_LINE_Y } as const;
/** Eight spaces between the staves: room for the alto's stems down and the tenor's up (issue 35). */
export const BASS = { clef: 'bass', top: 26, bottom: 18, topY: TREBLE_TOP_LINE_Y + 8 * HALF + 16 * HALF } as const;
export type Staff = typeof TREBLE | typeof BASS;
/** Where the figures or numeral under the bass start: below ledger lines down to C2. */
export const FIGURES_Y = BASS.topY + 8 * HALF + 6 * HALF + 8;
/** The whole drawing's height: the figures (up to three stacked) under the bass staff. */
export const STAFF_HEIGHT = FIGURES_Y + 30;
/** A chord's column: wide enough to be a touch target. */
export const COLUMN = 52;
/** Room at a measure's start and end. */

export const staffOf = (voice: Voice): Staff => (voice === 'S' || voice === 'A' ? TREBLE : BASS);
/** Stems: soprano and tenor up, alto and bass down. */
export const stemUp = (voice: Voice) => voice === 'S' || voice === 'T';

export const stepOf = (pitch: Pick<Pitch, 'step' | 'octave'>) => pitch.octave * 7 + pitch.step;
export const yOfStep = (staff: Staff, step: number) => staff.topY + (staff.top - step) * HALF;
/** The nearest step to a height on a staff (extended by ledger lines above and below). */
export const stepAtY = (staff: Staff, y: number) => staff.top - Math.round((y - staff.topY) / HALF);

/** Which staff a height belongs to: above the middle of the gap is the treble staff. */
export function staffAtY(y: number): Staff {
  const middle = (yOfStep(TREBLE, TREBLE.bottom) + yOfStep(BASS, BASS.top)) / 2;
  return y < middle ? TREBLE : BASS;
}

function keyOf(text: string): Key {
  return parseKey(text) ?? { tonic: { step: 0, alter: 0 }, mode: 'major' };
}

/** The diatonic step of a MIDI number (its natural or sharp letter). */
function midiStep(value: number): number {
  return (Math.floor(value / 12) - 1) * 7 + ([0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6][value % 12] as number);
}

/** The steps a voice's pointer may reach: its usual range and four steps beyond each end. */
export function stepLimits(voice: Voice): [number, number] {
  const [low, high] = DEFAULT_RANGES[voice];
  return [midiStep(low) - 4, midiStep(high) + 4];
}

/**
 * The note a step stands for in a key: the letter as the key's signature spells it; when `current`
 * is on the same letter and octave its accidental stays (a changed accidental is the student's).
 */
export function noteAtStep(step: number, keyText: string, current = ''): string {
  const held = parsePitch(current);
  if (held && stepOf(held) === step) return current;
  const letter = ((step % 7) + 7) % 7;
  const pc = diatonicOnLetter(keyOf(keyText), letter);
  return pitchName({ ...pc, octave: Math.floor(step / 7) });
}

/** The note at a height on a voice's staff, kept within the voice's reach. */
export function noteAtY(voice: Voice, y: number, keyText: string, current = ''): string {
  const [low, high] = stepLimits(voice);
  const step = Math.min(high, Math.max(low, stepAtY(staffOf(voice), y)));
  return noteAtStep(step, keyText, current);
}

/** Where a note of a voice is drawn (its y), or null for no note. */
export function noteY(voice: Voice, note: string | undefined): number | null {
  const pitch = parsePitch(note ?? '');
  return pitch ? yOfStep(staffOf(voice), stepOf(pitch)) : null;
}

/** The ledger lines a note needs (their steps): every line-step between the staff and the note. */
export function ledgerSteps(staff: Staff, step: number): number[] {
  const steps: number[] = [];
  for (let s = staff.top + 2; s <= step; s += 2) steps.push(s);
  for (let s = staff.bottom - 2; s >= step; s -= 2) steps.push(s);
  return steps;
}

const SHARP_ORDER = [3, 0, 4, 1, 5, 2, 6];
const FLAT_ORDER = [6, 2, 5, 1, 4, 0, 3];
const SHARP_STEPS = [38, 35, 39, 36, 33, 37, 34];
const FLAT_STEPS = [34, 37, 33, 36, 32, 35, 31];

/** The key signature's signs, in order, with their steps on the treble staff (the bass staff is two octaves lower). */
export function keySignature(keyText: string): { alter: 1 | -1; trebleStep: number }[] {
  const key = keyOf(keyText);
  const alters = [0, 1, 2, 3, 4, 5, 6].map((letter) => diatonicOnLetter(key, letter).alter);
  const sharps = SHARP_ORDER.filter((letter) => (alters[letter] ?? 0) > 0).length;
  const flats = FLAT_ORDER.filter((letter) => (alters[letter] ?? 0) < 0).length;
  if (sharps > 0) return SHARP_STEPS.slice(0, sharps).map((trebleStep) => ({ alter: 1, trebleStep }));
  return FLAT_STEPS.slice(0, flats).map((trebleStep) => ({ alter: -1, trebleStep }));
}

/** Quarter notes in a measure of the meter ("4/4" 4, "6/8" 3, "2/2" 4); 4 for anything unreadable. */
export function measureBeats(meter: string): number {
  const match = /^(\d+)\/(\d+)$/.exec(meter.trim());
  if (!match) return 4;
  const beats = (Number(match[1]) * 4) / Number(match[2]);
  return beats > 0 ? beats : 4;
}

/** What systems are cut from: the measures' spans and each chord's x on one line (`notation.ts` lays them out). */
export interface StaffLine {
  measures: MeasureSpan[];
  chords: { x: number }[];
  /** Width of the clef and key signature at a system's start. */
  prefixWidth: number;
}

/** Pixels per unit: a little larger than 1:1 on a phone, larger still where there is room. */
export const staffScale = (boxWidth: number) => (boxWidth < 640 ? 1.1 : 1.25);

/** The line broken into systems that fit `boxWidth` pixels (the analysis workspace's layout, decision 035). */
export function staffSystems(line: StaffLine, boxWidth: number, scale = staffScale(boxWidth)): ScoreLayout {
  return layOutScore({
    measures: line.measures,
    start: 0,
    prefixWidth: line.prefixWidth,
    height: STAFF_HEIGHT,
    xs: line.chords.map((chord) => chord.x),
    scale,
    boxWidth,
    fieldWidth: COLUMN,
  });
}

/**
 * A pointer's drag on a note: the note moves by as many steps as the pointer has moved by half
 * spaces since it went down (on the voice's staff, within its reach); the accidental of the note
 * it started from stays while it is back on that step, other steps are spelled by the key.
 */
export function dragNote(drag: { voice: Voice; from: string; startY: number; keyText: string }, y: number): string {
  const pitch = parsePitch(drag.from);
  if (!pitch) return noteAtY(drag.voice, y, drag.keyText);
  const [low, high] = stepLimits(drag.voice);
  const step = Math.min(high, Math.max(low, stepOf(pitch) + Math.round((drag.startY - y) / HALF)));
  return noteAtStep(step, drag.keyText, drag.from);
}

/**
 * Which voice a tap writes: a written voice whose note is under the pointer (so a tap on a note
 * picks it up to drag); else the selected voice when the tap is on its staff; else, on the other
 * staff, that staff's first voice still empty in the chord, or the one whose note is nearest.
 */
export function pointerVoice(input: {
  y: number;
  notes: Partial<Record<Voice, string>>;
  write: readonly Voice[];
  selected: Voice | null;
}): Voice | null {
  const { y, notes, write, selected } = input;
  const near = write
    .map((voice) => ({ voice, y: noteY(voice, notes[voice]) }))
    .filter((n): n is { voice: Voice; y: number } => n.y !== null && Math.abs(n.y - y) <= HALF * 1.5)
    .sort((a, b) => (a.voice === selected ? -1 : b.voice === selected ? 1 : Math.abs(a.y - y) - Math.abs(b.y - y)));
  if (near[0]) return near[0].voice;
  const staff = staffAtY(y);
  if (selected && write.includes(selected) && staffOf(selected) === staff) return selected;
  const onStaff = write.filter((voice) => staffOf(voice) === staff);
  if (onStaff.length === 0) return selected && write.includes(selected) ? selected : (write[0] ?? null);
  const empty = onStaff.find((voice) => !notes[voice]);
  if (empty) return empty;
  const distance = (voice: Voice) => Math.abs((noteY(voice, notes[voice]) ?? 0) - y);
  return [...onStaff].sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** A figure as printed: ♯ ♭ ♮ for # b n (before or after the number), a cross kept, a slashed figure (`6\\`) as a raised one (6♯). */
export function figureText(figure: string): string {
  return figure.replace(/#/g, '♯').replace(/b/g, '♭').replace(/n/g, '♮').replace(/\\/g, '♯');
}
