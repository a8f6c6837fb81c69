/**
 * The tonal arithmetic of the part-writing checker: spelled pitches (letter, alteration, octave),
 * keys and intervals counted both by letters and by semitones, so an augmented second (A♭–B) is
 * told from a minor third (A♭–C♭ is not one) and a diminished fifth from a perfect one.
 * Pure: no database, no DOM; the server and the browser share it.
 */

import { asciiSigns } from '../keyed-label.ts';

/** step: 0–6 for C D E F G A B; alter: semitones (−1 flat, +1 sharp). */
export type PitchClass = { step: number; alter: number };
export type Pitch = PitchClass & { octave: number };
export type Mode = 'major' | 'minor';
export type Key = { tonic: PitchClass; mode: Mode };

const NATURAL = [0, 2, 4, 5, 7, 9, 11];
const SCALES: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };
const LETTERS = 'CDEFGAB';

function readAlter(text: string): number | undefined {
  const normal = text.replace(/♯/g, '#').replace(/♭/g, 'b').replace(/𝄪|x/g, '##').replace(/𝄫/g, 'bb');
  if (normal === '') return 0;
  if (/^#{1,2}$/.test(normal)) return normal.length;
  if (/^b{1,2}$/.test(normal)) return -normal.length;
  return undefined;
}

/** 'F#3', 'Bb2', 'C4', 'Ebb5' (also ♯ ♭ x); undefined for anything else. */
export function parsePitch(text: string): Pitch | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^([A-Ga-g])([#b♯♭x𝄪𝄫]{0,2})(-?\d{1,2})$/u.exec(text.trim());
  if (!match) return undefined;
  const alter = readAlter(match[2] ?? '');
  if (alter === undefined) return undefined;
  return { step: LETTERS.indexOf((match[1] ?? '').toUpperCase()), alter, octave: Number(match[3]) };
}

export function midi(pitch: Pitch): number {
  return 12 * (pitch.octave + 1) + (NATURAL[pitch.step] as number) + pitch.alter;
}

export function semitone(pc: PitchClass): number {
  return ((((NATURAL[pc.step] as number) + pc.alter) % 12) + 12) % 12;
}

export function samePitchClass(a: PitchClass, b: PitchClass): boolean {
  return a.step === b.step && a.alter === b.alter;
}

/** Same key on a piano (F♯ and G♭). */
export function sameSound(a: PitchClass, b: PitchClass): boolean {
  return semitone(a) === semitone(b);
}

export function pitchClassName(pc: PitchClass): string {
  return `${LETTERS[pc.step]}${pc.alter > 0 ? '#'.repeat(pc.alter) : 'b'.repeat(-pc.alter)}`;
}

export function pitchName(pitch: Pitch): string {
  return `${pitchClassName(pitch)}${pitch.octave}`;
}

/** The pitch class `steps` letters and `semitones` above a note (a major third is 2 steps, 4 semitones). */
export function above(pc: PitchClass, steps: number, semitones: number): PitchClass {
  const step = (((pc.step + steps) % 7) + 7) % 7;
  const target = semitone(pc) + semitones;
  let alter = (((target - (NATURAL[step] as number)) % 12) + 12) % 12;
  if (alter > 6) alter -= 12;
  return { step, alter };
}

/** Letters from a to b (0 = same letter), counting octaves: C4→E4 is 2, C4→C5 is 7. */
function letterDistance(a: Pitch, b: Pitch): number {
  return b.octave * 7 + b.step - (a.octave * 7 + a.step);
}

export type Interval = {
  /** Letters spanned, 0 for a unison, 4 for a fifth, 7 for an octave (never negative). */
  letters: number;
  /** Semitones spanned (never negative). */
  semitones: number;
};

/** The interval between two pitches, from the lower-sounding one up (by MIDI number, then letter). */
export function intervalBetween(a: Pitch, b: Pitch): Interval {
  const [low, high] = midi(a) < midi(b) || (midi(a) === midi(b) && letterDistance(a, b) >= 0) ? [a, b] : [b, a];
  return { letters: Math.abs(letterDistance(low, high)), semitones: midi(high) - midi(low) };
}

/** The same interval within one octave (a twelfth is a fifth; an octave stays an octave only as a compound unison). */
function simple(interval: Interval): { letters: number; semitones: number } {
  const octaves = Math.floor(interval.letters / 7);
  return { letters: interval.letters % 7, semitones: interval.semitones - 12 * octaves };
}

export function isPerfectFifth(interval: Interval): boolean {
  const s = simple(interval);
  return s.letters === 4 && s.semitones === 7;
}

export function isDiminishedFifth(interval: Interval): boolean {
  const s = simple(interval);
  return s.letters === 4 && s.semitones === 6;
}

/** A perfect unison, octave or compound octave. */
export function isPerfectOctaveOrUnison(interval: Interval): boolean {
  const s = simple(interval);
  return s.letters === 0 && s.semitones === 0;
}

/** Larger than the major or perfect interval of its letter span (a unison's chromatic semitone excepted). */
export function isAugmented(interval: Interval): boolean {
  const s = simple(interval);
  if (s.letters === 0) return false;
  return s.semitones > (NATURAL[s.letters] as number);
}

/** The usual English name of an interval, for messages ('augmented second'). */
export function intervalName(interval: Interval): string {
  const s = simple(interval);
  const names = ['unison', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];
  const base = NATURAL[s.letters] as number;
  const perfect = s.letters === 0 || s.letters === 3 || s.letters === 4;
  const diff = s.semitones - base;
  let quality: string;
  if (perfect) quality = diff === 0 ? 'perfect' : diff > 0 ? 'augmented' : 'diminished';
  else quality = diff === 0 ? 'major' : diff === -1 ? 'minor' : diff > 0 ? 'augmented' : 'diminished';
  return `${quality} ${names[s.letters]}`;
}

/** A key as '<tonic> major|minor' ('C major', 'f# minor', 'B♭ major') or the key token of decision 031 ('A', 'f#'). */
export function parseKey(text: string): Key | undefined {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  // 'Ｇ', 'ｆ＃ ｍｉｎｏｒ' from a full-width input method read as their ASCII signs (keyed-label.ts's normaliser).
  const clean = asciiSigns(text).trim().replace(/♯/g, '#').replace(/♭/g, 'b');
  const named = /^([A-Ga-g])(#|b|-flat|-sharp)?\s+(major|minor|maj|min)$/i.exec(clean);
  if (named) {
    const letter = (named[1] ?? '').toUpperCase();
    const accidental = (named[2] ?? '').toLowerCase();
    const alter = accidental === '#' || accidental === '-sharp' ? 1 : accidental === 'b' || accidental === '-flat' ? -1 : 0;
    const mode: Mode = (named[3] ?? '').toLowerCase().startsWith('maj') ? 'major' : 'minor';
    return { tonic: { step: LETTERS.indexOf(letter), alter }, mode };
  }
  const token = /^([A-Ga-g])(#|b)?$/.exec(clean);
  if (token) {
    const letter = token[1] ?? '';
    const alter = token[2] === '#' ? 1 : token[2] === 'b' ? -1 : 0;
    return { tonic: { step: LETTERS.indexOf(letter.toUpperCase()), alter }, mode: letter === letter.toUpperCase() ? 'major' : 'minor' };
  }
  return undefined;
}

export function keyName(key: Key): string {
  const name = pitchClassName(key.tonic);
  return `${key.mode === 'major' ? name : name.toLowerCase()} ${key.mode}`;
}

export function sameKey(a: Key, b: Key): boolean {
  return a.mode === b.mode && samePitchClass(a.tonic, b.tonic);
}

/** A scale step of a key (1–7); in minor the natural minor scale. */
export function scaleStep(key: Key, degree: number, accidental = 0): PitchClass {
  const index = degree - 1;
  const pc = above(key.tonic, index, SCALES[key.mode][index] as number);
  return { step: pc.step, alter: pc.alter + accidental };
}

/** The raised seventh step: the leading tone, also in minor. */
export function leadingTone(key: Key): PitchClass {
  return above(key.tonic, 6, 11);
}

/** The pitch class a letter has in a key's signature (natural minor in minor). */
export function diatonicOnLetter(key: Key, step: number): PitchClass {
  for (let degree = 1; degree <= 7; degree++) {
    const pc = scaleStep(key, degree);
    if (pc.step === step) return pc;
  }
  return { step, alter: 0 };
}

/** The scale degree (1–7) of a letter in a key. */
export function degreeOfLetter(key: Key, step: number): number {
  return ((((step - key.tonic.step) % 7) + 7) % 7) + 1;
}
