import { chordShapes } from './chord-types.ts';
import type { AnalysisPosition } from './positions.ts';
import type { SpelledNote } from './score-reading.ts';

/**
 * A chord read from everything that sounds over a position's span (from its onset to the next
 * position on a beat), not only from the notes sounding at the onset. Each note counts for as
 * long as it sounds in the span, the bass voice's notes twice; the triad that explains the most
 * of that sounding time is the span's chord.
 *
 * It is used where the chord read at the onset (after its suspensions, appoggiaturas and other
 * repairs) still leaves a note unexplained or has no third: when the span's chord has another
 * root, explains at least half a quarter more of the span, and contains every note that sounds
 * from the onset through the whole span (the chord's frame), the onset's odd notes are passing
 * or accented notes and the chord is the span's (`iv` over a passing bass E–D in A minor, not
 * `VI42`; `V65` whose root arrives in the bass after its leading tone, not `vi7`). In place of a
 * seventh chord the span's chord may be a seventh chord whose seventh sounds through the span
 * (`V7` with a held seventh over a double appoggiatura, not `vi42`).
 */

export type SpanNote = { note: SpelledNote; weight: number };
export type SpanChord = { root: number; tones: number[]; explained: number };

/** Major, minor and diminished triads, semitones above the root (the third must sound). */
const TRIADS = chordShapes('major', 'minor', 'diminished');
/**
 * Dominant, minor and half-diminished seventh chords, tried only in place of a seventh chord read
 * at the onset and only when their seventh sounds through the whole span (a passing note would
 * otherwise make any triad a seventh chord; a diminished seventh is named by its spelling).
 */
const SEVENTHS = chordShapes('dominant-seventh', 'minor-seventh', 'half-diminished-seventh');

/** How much more of the span (in quarters, the bass counted twice) the span's chord must explain than the onset's. */
export const SPAN_MARGIN = 0.5;
const BASS_WEIGHT = 2;
const EPSILON = 1e-6;

const sortedCache = new WeakMap<SpelledNote[], { sorted: SpelledNote[]; longest: number }>();

/** The notes sounding between start and end, each weighted by how long it sounds there (the bass voice's twice). */
export function spanNotes(all: SpelledNote[], start: number, end: number, bassVoice: string | undefined): SpanNote[] {
  let cached = sortedCache.get(all);
  if (!cached) {
    const sorted = [...all].sort((a, b) => a.onset - b.onset);
    cached = { sorted, longest: Math.max(0, ...sorted.map((n) => n.end - n.onset)) };
    sortedCache.set(all, cached);
  }
  const { sorted, longest } = cached;
  // No note starting before start − longest can still sound at start: begin the scan there.
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as SpelledNote).onset < start - longest - EPSILON) low = mid + 1;
    else high = mid;
  }
  const out: SpanNote[] = [];
  for (let i = low; i < sorted.length; i++) {
    const note = sorted[i] as SpelledNote;
    if (note.onset >= end - EPSILON) break;
    const sounding = Math.min(note.end, end) - Math.max(note.onset, start);
    if (sounding > EPSILON) out.push({ note, weight: sounding * (note.voice === bassVoice ? BASS_WEIGHT : 1) });
  }
  return out;
}

/** The weight of the span's notes whose pitch class (0–11) is one of the tones. */
export function explainedWeight(span: SpanNote[], tones: number[]): number {
  return span.reduce((sum, { note, weight }) => sum + (tones.includes(note.midi % 12) ? weight : 0), 0);
}

/**
 * The triad (its third sounding) that explains the most of the span, or a seventh chord whose
 * seventh is one of the `held` pitch classes (0–11); the first found on a tie.
 */
export function spanChord(span: SpanNote[], held: number[] = []): SpanChord | undefined {
  const sounding = new Set(span.map(({ note }) => note.midi % 12));
  let best: SpanChord | undefined;
  for (const root of sounding) {
    for (const shape of [...TRIADS, ...SEVENTHS]) {
      const tones = shape.map((s) => (root + s) % 12);
      if (!sounding.has(tones[1] as number)) continue;
      if (tones.length > 3 && !held.includes(tones[3] as number)) continue;
      const explained = explainedWeight(span, tones);
      if (!best || explained > best.explained + EPSILON) best = { root, tones, explained };
    }
  }
  return best;
}

/**
 * The notes of the span's chord to name, bass first (the onset's bass when it is a chord tone,
 * else the bass voice's first chord tone in the span), when the chord read at the onset
 * (`onsetTones`, pitch classes 0–11, root first; `onsetSeventh` when it is a seventh chord)
 * should give way to it; otherwise undefined.
 */
export function chordOverSpan(
  position: AnalysisPosition,
  end: number,
  all: SpelledNote[],
  onsetTones: number[],
  onsetSeventh = false,
): { notes: SpelledNote[]; root: number } | undefined {
  const onsetBass = position.notes[0];
  const span = spanNotes(all, position.onset, end, onsetBass?.voice);
  const frame = position.notes.filter((note) => note.end >= end - EPSILON);
  const best = spanChord(span, onsetSeventh ? frame.map((note) => note.midi % 12) : []);
  if (!best || best.root === onsetTones[0]) return undefined;
  if (best.explained < explainedWeight(span, onsetTones) + SPAN_MARGIN) return undefined;
  if (!frame.every((note) => best.tones.includes(note.midi % 12))) return undefined;
  const tones = span.map(({ note }) => note).filter((note) => best.tones.includes(note.midi % 12));
  const bass =
    onsetBass && best.tones.includes(onsetBass.midi % 12) ? onsetBass : (tones.find((n) => n.voice === onsetBass?.voice) ?? tones[0]);
  if (!bass) return undefined;
  return { notes: [bass, ...tones.filter((n) => n !== bass).sort((a, b) => a.midi - b.midi)], root: best.root };
}
