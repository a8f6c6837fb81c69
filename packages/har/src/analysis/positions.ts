import { measureAndBeat, type ScoreReading, type SpelledNote } from './score-reading.ts';

/**
 * The analysis positions of a score: every onset at which the sounding sonority (the
 * set of pitches sounding across all parts) changes, in score order. A tied note does
 * not start again, a chord struck again unchanged is not a new position, and after a
 * rest in every part the next onset is. A chord struck again opening a phrase after a
 * fermata, or struck again whole on a bar's first beat, is a position of its own: analysts
 * label it (decision 039's fourth round).
 */

export type AnalysisPosition = {
  /** `m{measure}b{beat}`, the id a key item gets. */
  id: string;
  measure: number;
  beat: number;
  /** Quarters from the start of the score. */
  onset: number;
  /** The notes sounding at the onset, lowest first (those that start there and those held over). */
  notes: SpelledNote[];
  /** Whether the onset falls on a beat of its measure. */
  onBeat: boolean;
};

const EPSILON = 1e-6;
/** The key format's last beat. */
const MAX_BEAT = 64;

export function analysisPositions(score: ScoreReading): AnalysisPosition[] {
  const onsets: number[] = [];
  for (const note of score.notes) {
    if (onsets.length === 0 || note.onset - (onsets[onsets.length - 1] as number) > EPSILON) onsets.push(note.onset);
  }
  const positions: AnalysisPosition[] = [];
  let previous = '';
  let previousEnd = Number.NEGATIVE_INFINITY;
  let previousSounding: SpelledNote[] = [];
  const barlines = new Set(score.measures.map((measure) => Math.round(measure.start / EPSILON)));
  // One sweep through the notes in onset order: those started and not yet ended sound.
  const byOnset = [...score.notes].sort((a, b) => a.onset - b.onset);
  let next = 0;
  let active: SpelledNote[] = [];
  for (const onset of onsets) {
    while (next < byOnset.length && (byOnset[next] as SpelledNote).onset <= onset + EPSILON) active.push(byOnset[next++] as SpelledNote);
    active = active.filter((note) => note.end > onset + EPSILON);
    const sounding = [...active].sort((a, b) => a.midi - b.midi || a.part - b.part);
    const sonority = [...new Set(sounding.map((note) => note.midi))].join(',');
    // Silence since the last sonority (a rest in every part) makes the same chord new again, and so
    // does a fermata ending here (the chord struck again after it opens the next phrase) and the
    // whole chord struck again on a bar's first beat.
    const afterSilence = previousEnd < onset - EPSILON;
    const afterFermata = previousSounding.some((note) => note.fermata && Math.abs(note.end - onset) < EPSILON);
    const struckOnBarline = barlines.has(Math.round(onset / EPSILON)) && sounding.every((note) => Math.abs(note.onset - onset) < EPSILON);
    previousEnd = Math.max(previousEnd, ...sounding.map((note) => note.end));
    previousSounding = sounding;
    if (sonority === '' || (sonority === previous && !afterSilence && !afterFermata && !struckOnBarline)) continue;
    previous = sonority;
    const place = measureAndBeat(score.measures, onset);
    if (!place || place.beat > MAX_BEAT) continue;
    positions.push({
      id: `m${place.measure}b${place.beat}`,
      ...place,
      onset: Math.round(onset * 10_000) / 10_000,
      notes: sounding,
      onBeat: Math.abs(place.beat - Math.round(place.beat)) < 1e-4,
    });
  }
  return positions;
}
