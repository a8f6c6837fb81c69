import { above, type Key, type Mode, type PitchClass, semitone } from '../library/theory.ts';
import type { AnalysisPosition } from './positions.ts';
import type { ScoreReading } from './score-reading.ts';

/**
 * The key of a score, from its key signature and its music. With a signature, the
 * choice is between its major key and its relative minor: the music's pitch profile
 * (Krumhansl–Kessler, weighted by duration), the last and first bass notes, and the
 * raised leading tone of the minor key decide; a written <mode> counts as one more
 * vote, since programs often write "major" for every key. Without a signature, all
 * 24 keys compete on the same evidence.
 */

export type FoundKey = Key & { fifths: number; source: 'signature' | 'music' };

const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
const C: PitchClass = { step: 0, alter: 0 };

/** The major key of a signature: 0 → C, 3 → A, −2 → B♭. */
export function majorTonicOf(fifths: number): PitchClass {
  return above(C, (((4 * fifths) % 7) + 7) % 7, (((7 * fifths) % 12) + 12) % 12);
}

export function relativeMinorOf(majorTonic: PitchClass): PitchClass {
  return above(majorTonic, 5, 9);
}

export function findKey(score: ScoreReading, positions: AnalysisPosition[]): FoundKey {
  const profile = new Array<number>(12).fill(0);
  for (const note of score.notes) profile[note.midi % 12] = (profile[note.midi % 12] as number) + (note.end - note.onset);
  const first = positions[0]?.notes[0];
  const lastPosition = positions[positions.length - 1];
  const last = lastPosition?.notes[0];

  const evidence = (tonic: PitchClass, mode: Mode) => {
    const t = semitone(tonic);
    let score = 4 * correlation(profile, mode === 'major' ? MAJOR_PROFILE : MINOR_PROFILE, t);
    if (last && last.midi % 12 === t) score += 2;
    if (first && first.midi % 12 === t) score += 0.75;
    // The tonic triad's third at the end (a Picardy third counts for neither).
    const lastPcs = new Set(lastPosition?.notes.map((n) => n.midi % 12) ?? []);
    if (lastPcs.has((t + (mode === 'major' ? 4 : 3)) % 12)) score += 0.5;
    if (mode === 'minor') {
      // The raised leading tone is the strongest sign of minor against its relative major.
      const total = profile.reduce((sum, v) => sum + v, 0) || 1;
      const leading = (profile[(t + 11) % 12] as number) / total;
      score += Math.min(1.5, leading * 20);
    }
    return score;
  };

  if (score.keySignature) {
    const { fifths, mode } = score.keySignature;
    const major = majorTonicOf(fifths);
    const minor = relativeMinorOf(major);
    const forMajor = evidence(major, 'major') + (mode === 'major' ? 0.5 : 0);
    const forMinor = evidence(minor, 'minor') + (mode === 'minor' ? 1.5 : 0);
    return forMinor > forMajor
      ? { tonic: minor, mode: 'minor', fifths, source: 'signature' }
      : { tonic: major, mode: 'major', fifths, source: 'signature' };
  }
  let best: FoundKey | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let fifths = -6; fifths <= 6; fifths++) {
    const major = majorTonicOf(fifths);
    for (const [tonic, mode] of [
      [major, 'major'],
      [relativeMinorOf(major), 'minor'],
    ] as const) {
      const value = evidence(tonic, mode);
      if (value > bestScore + 1e-9) {
        bestScore = value;
        best = { tonic, mode, fifths, source: 'music' };
      }
    }
  }
  return best ?? { tonic: C, mode: 'major', fifths: 0, source: 'music' };
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
