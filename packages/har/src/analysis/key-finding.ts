import { above, type Key, keyFifths, type Mode, type PitchClass, semitone } from '../library/theory.ts';
import type { AnalysisPosition } from './positions.ts';
import type { ScoreReading, SpelledNote } from './score-reading.ts';

/**
 * The key of a score: all 24 keys compete. The music's pitch profile (durations of
 * every pitch class, correlated with a key profile) is the main evidence; the final
 * cadence (the last chord's root and bass on the tonic, a major third at the end of a
 * minor piece being a Picardy third) and the first bass add to it; the key signature is a
 * prior, not a limit: a key one fifth flatwards of the signature's minor (D minor written
 * with no flats, the Dorian signature) or sharpwards of its major (Mixolydian) is still
 * likely, any other key far less; a signature two or more fifths from the one the notes keep
 * (their flats or sharps written as accidentals throughout) gives way to theirs. A written <mode> counts as a small vote, since
 * programs often write "major" for every key.
 */

export type FoundKey = Key & { fifths: number; source: 'signature' | 'music' };

// Key profiles: Bellman–Budge (chord-based counts of tonal music), rotated to each tonic.
export const MAJOR_PROFILE = [16.8, 0.86, 12.95, 1.41, 13.49, 11.93, 1.25, 20.28, 1.8, 8.04, 0.62, 10.57];
export const MINOR_PROFILE = [18.16, 0.69, 12.99, 13.34, 1.07, 11.15, 1.38, 21.07, 7.49, 1.53, 0.92, 10.21];
/** The opening phrase's span in quarters: its key weighs with the whole piece's (an analyst names a piece by the key it opens in). */
const OPENING_QUARTERS = 8;
/**
 * The evidence's weights: whole-piece profile, last bass on the tonic, tonic root and fifth at
 * the end, the tonic's third at the end, first bass on the tonic, the signature's own keys, its
 * Dorian minor or Mixolydian major, a final half cadence (the last chord the dominant with its
 * leading tone), a key far from the signature (subtracted), the opening phrase's profile.
 */
const KEY_WEIGHTS = [4, 1, 0.5, 0.3, 1, 1, 0.8, 0.8, 1, 1] as const;
const C: PitchClass = { step: 0, alter: 0 };
/** Added to a final half cadence's weight when the last chord is not reached from its own dominant. */
const HALF_CADENCE_WITHOUT_DOMINANT = 1;

/** The major key of a signature: 0 → C, 3 → A, −2 → B♭. */
export function majorTonicOf(fifths: number): PitchClass {
  return above(C, (((4 * fifths) % 7) + 7) % 7, (((7 * fifths) % 12) + 12) % 12);
}

export function relativeMinorOf(majorTonic: PitchClass): PitchClass {
  return above(majorTonic, 5, 9);
}

/** The 24 keys, each spelled as its signature spells it (F♯ minor, never G♭ minor), from 6 flats to 6 sharps. */
export function allKeys(): FoundKey[] {
  const keys: FoundKey[] = [];
  for (let fifths = -6; fifths <= 6; fifths++) {
    const major = majorTonicOf(fifths);
    keys.push({ tonic: major, mode: 'major', fifths, source: 'music' });
    keys.push({ tonic: relativeMinorOf(major), mode: 'minor', fifths, source: 'music' });
  }
  // 6 sharps and 6 flats name the same two keys: keep the flat major (G♭) and the sharp minor (d♯ is rare, e♭ too): drop F♯ major and e♭ minor.
  return keys.filter((k) => !(k.fifths === 6 && k.mode === 'major') && !(k.fifths === -6 && k.mode === 'minor'));
}

/** Correlation of a pitch-class profile with a key's profile (−1 … 1). */
export function profileFit(profile: number[], tonic: number, mode: Mode): number {
  return correlation(profile, mode === 'major' ? MAJOR_PROFILE : MINOR_PROFILE, tonic);
}

export function findKey(score: ScoreReading, positions: AnalysisPosition[]): FoundKey {
  let best: FoundKey | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const { key, value } of keyScores(score, positions)) {
    if (value > bestScore + 1e-9) {
      bestScore = value;
      best = key;
    }
  }
  const found = spelledAsWritten(best ?? { tonic: C, mode: 'major', fifths: 0, source: 'music' }, score.notes);
  const fifths = keyFifths(found);
  const signature = score.keySignature;
  return { ...found, fifths, source: signature && signature.fifths === fifths ? 'signature' : 'music' };
}

/** Each of the 24 keys with the weight of the evidence for it (`allKeys` order). */
export function keyScores(score: ScoreReading, positions: AnalysisPosition[]): { key: FoundKey; value: number }[] {
  const profile = new Array<number>(12).fill(0);
  for (const note of score.notes) profile[note.midi % 12] = (profile[note.midi % 12] as number) + (note.end - note.onset);
  const opening = new Array<number>(12).fill(0);
  const start = score.notes[0]?.onset ?? 0;
  for (const note of score.notes) {
    if (note.onset >= start + OPENING_QUARTERS) break;
    opening[note.midi % 12] = (opening[note.midi % 12] as number) + (Math.min(note.end, start + OPENING_QUARTERS) - note.onset);
  }
  const first = positions[0]?.notes[0];
  const lastPosition = positions[positions.length - 1];
  const last = lastPosition?.notes[0];
  const lastPcs = new Set(lastPosition?.notes.map((n) => n.midi % 12) ?? []);
  const signature = keptSignature(score);
  const authentic = endsWithAuthenticCadence(positions);

  const scores: { key: FoundKey; value: number }[] = [];
  for (const key of allKeys()) {
    const t = semitone(key.tonic);
    const W = KEY_WEIGHTS;
    let value = (W[0] as number) * profileFit(profile, t, key.mode) + (W[9] ?? 0) * profileFit(opening, t, key.mode);
    // The final cadence: the last bass on the tonic, the tonic triad (root and fifth) at the end.
    if (last && last.midi % 12 === t) value += W[1] as number;
    if (lastPcs.has(t) && lastPcs.has((t + 7) % 12)) value += W[2] as number;
    // Its third tells the mode unless a minor piece ends with a Picardy third.
    if (key.mode === 'major' && lastPcs.has((t + 4) % 12)) value += 0.3;
    if (key.mode === 'minor' && lastPcs.has((t + 3) % 12)) value += 0.3;
    if (first && first.midi % 12 === t) value += W[4] as number;
    if (last && (last.midi + 5) % 12 === t && lastPcs.has((t + 11) % 12)) {
      // A half cadence (the last chord the key's dominant with its leading tone); all the more
      // likely when that chord is not reached from its own dominant (iv6–V, IV–V: no authentic cadence).
      value += W[7] as number;
      if (!authentic) value += HALF_CADENCE_WITHOUT_DOMINANT;
    }
    if (signature) {
      const distance = signature.fifths - keyFifths(key);
      // The signature's two keys; a Dorian minor (one flat fewer) or Mixolydian major (one sharp fewer).
      if (distance === 0) value += W[5] as number;
      else if ((key.mode === 'minor' && distance === 1) || (key.mode === 'major' && distance === -1)) value += W[6] as number;
      else if (Math.abs(distance) === 1) value += 0.1;
      else value -= W[8] as number;
      if (signature.mode === key.mode && distance === 0) value += 0.2;
    }
    scores.push({ key, value });
  }
  return scores;
}

/** The sharps (+) or flats (−) a signature of `fifths` puts on each step C … B. */
function signatureAlter(fifths: number, step: number): number {
  // Sharps are added F C G D A E B (steps 3 0 4 1 5 2 6), flats in the reverse order.
  const order = [3, 0, 4, 1, 5, 2, 6];
  if (fifths > 0) return order.slice(0, fifths).includes(step) ? 1 : 0;
  if (fifths < 0) return order.slice(7 + fifths).includes(step) ? -1 : 0;
  return 0;
}

/**
 * The signature the key finding takes as its prior: the written one, unless the notes keep
 * another two or more fifths from it, writing two or more of their key's flats or sharps as
 * accidentals throughout (an old edition's signature: B♭ minor written with three flats, its
 * D♭ and G♭ on every note). The signature that spells the most of the music's duration as
 * written is the one the notes keep; one fifth apart is the Dorian or Mixolydian signature,
 * which the prior already allows, so the written one stays.
 */
export function keptSignature(score: ScoreReading): ScoreReading['keySignature'] {
  const written = score.keySignature;
  if (!written) return written;
  const kept = (fifths: number) =>
    score.notes.reduce((sum, note) => sum + (note.alter === signatureAlter(fifths, note.step) ? note.end - note.onset : 0), 0);
  let best = written.fifths;
  let bestDuration = kept(best);
  for (let fifths = -7; fifths <= 7; fifths++) {
    const duration = kept(fifths);
    if (duration > bestDuration + 1e-9) {
      best = fifths;
      bestDuration = duration;
    }
  }
  return Math.abs(best - written.fifths) >= 2 ? { fifths: best, mode: null } : written;
}

function correlation(profile: number[], reference: number[], tonic: number): number {
  const rotated = reference.map((_, i) => reference[(i - tonic + 12) % 12] as number);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(profile);
  const my = mean(rotated);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < 12; i++) {
    const x = (profile[i] as number) - mx;
    const y = (rotated[i] as number) - my;
    num += x * y;
    dx += x * x;
    dy += y * y;
  }
  return dx === 0 || dy === 0 ? 0 : num / Math.sqrt(dx * dy);
}

/**
 * Whether the last chord is reached from its own dominant: the last bass before the final one
 * (the final bass held while other voices move is skipped) lies a fifth above it, under the
 * final bass's leading tone (V–I, V7–I). Without it the final chord is as likely a half
 * cadence's dominant (iv6–V, the Phrygian ending of modal chorale tunes) as a tonic.
 */
export function endsWithAuthenticCadence(positions: AnalysisPosition[]): boolean {
  const final = positions[positions.length - 1]?.notes[0];
  if (!final) return false;
  const bass = final.midi % 12;
  let i = positions.length - 2;
  while (i >= 0 && (positions[i] as AnalysisPosition).notes[0]?.midi === final.midi) i -= 1;
  const before = positions[i];
  if (!before || (before.notes[0]?.midi ?? 0) % 12 !== (bass + 7) % 12) return false;
  return before.notes.some((note) => note.midi % 12 === (bass + 11) % 12);
}

/** A key with `fifths` sharps (+) or flats (−) in its signature, in a mode. */
export function keyOfFifths(fifths: number, mode: Mode): Key {
  const major = majorTonicOf(fifths);
  return { tonic: mode === 'major' ? major : relativeMinorOf(major), mode };
}

/** The duration of the notes each signature from 7 flats to 7 sharps spells as written (index fifths + 7). */
const writtenCache = new WeakMap<SpelledNote[], number[]>();
function spelledDurations(notes: SpelledNote[]): number[] {
  let found = writtenCache.get(notes);
  if (!found) {
    found = [];
    for (let fifths = -7; fifths <= 7; fifths++) {
      let sum = 0;
      for (const note of notes) if (note.alter === signatureAlter(fifths, note.step)) sum += note.end - note.onset;
      found.push(sum);
    }
    writtenCache.set(notes, found);
  }
  return found;
}

/**
 * A key spelled as the music spells it (issue 36): of a key's enharmonic names within seven
 * sharps or flats (D♭ major or C♯ major, E♭ minor or D♯ minor), the one whose signature spells
 * more of the notes as written; the name given on a tie. C♯ major stays C♯ major, so its chords
 * read `IV`, not `♯♯IV` in D♭.
 */
export function spelledAsWritten<K extends Key>(key: K, notes: SpelledNote[]): K {
  const fifths = keyFifths(key);
  const durations = spelledDurations(notes);
  let best = fifths;
  for (const other of [fifths - 12, fifths + 12]) {
    if (Math.abs(other) > 7) continue;
    if ((durations[other + 7] as number) > (durations[best + 7] ?? Number.NEGATIVE_INFINITY) + 1e-9) best = other;
  }
  if (best === fifths) return key;
  const respelled = keyOfFifths(best, key.mode);
  return { ...key, tonic: respelled.tonic, ...('fifths' in key ? { fifths: best } : {}) };
}

/**
 * The key a piece opens in, where its signature and its first chord agree (issue 36): the first
 * chord (within the first bar's worth of music: four quarters) that is a major or minor triad in
 * root position (its root in the bass, its third sounding, nothing but its fifth beside) is the
 * tonic of one of the signature's two keys. Analysts name a piece, and a modulation exercise
 * above all, by the key it opens in, which a modulating piece's ending does not tell.
 */
export function openingKey(score: ScoreReading, positions: AnalysisPosition[]): FoundKey | undefined {
  const signature = keptSignature(score);
  if (!signature) return undefined;
  const start = positions[0]?.onset ?? 0;
  for (const position of positions) {
    if (position.onset > start + OPENING_TRIAD_QUARTERS) break;
    const bass = position.notes[0];
    if (!bass) continue;
    const root = bass.midi % 12;
    const pcs = new Set(position.notes.map((n) => n.midi % 12));
    if (pcs.size < 2) continue;
    const mode: Mode | undefined = pcs.has((root + 4) % 12) ? 'major' : pcs.has((root + 3) % 12) ? 'minor' : undefined;
    const triad = mode && [...pcs].every((pc) => pc === root || pc === (root + (mode === 'major' ? 4 : 3)) % 12 || pc === (root + 7) % 12);
    if (!mode || !triad) return undefined;
    // The signature as written, the one the notes keep (an old edition's, or accidentals
    // throughout), or, in a score written without sharps or flats whose notes keep another
    // signature, the one the opening chord keeps (C♯ major written with accidentals throughout).
    const written = score.keySignature?.fifths ?? 0;
    const opening = written !== 0 || signature.fifths === written ? [] : openingSignatures(position.notes, written);
    for (const fifths of new Set([signature.fifths, written, ...opening])) {
      const key = keyOfFifths(fifths, mode);
      if (semitone(key.tonic) === root) return { ...key, fifths, source: 'signature' };
    }
    return undefined;
  }
  return undefined;
}

/** How far into the music the opening chord is looked for, in quarters. */
const OPENING_TRIAD_QUARTERS = 4;

/**
 * The signatures (7 flats … 7 sharps) that spell more of these notes as written than the written
 * one does, and as many as any other (C♯–E♯–G♯ under no signature: six or seven sharps).
 */
function openingSignatures(notes: SpelledNote[], written: number): number[] {
  const kept = (fifths: number) => notes.filter((note) => note.alter === signatureAlter(fifths, note.step)).length;
  const counts = Array.from({ length: 15 }, (_, i) => kept(i - 7));
  const most = Math.max(...counts);
  if (most <= kept(written)) return [];
  return counts.flatMap((count, i) => (count === most ? [i - 7] : []));
}
