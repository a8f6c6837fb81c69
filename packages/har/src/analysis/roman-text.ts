/**
 * A reader of RomanText analyses (the When-in-Rome corpus's format) as far as the Bach
 * chorales of the shared corpus use it: header lines, measure lines `mN` with `bX` beats,
 * key tokens (`G:`, `f#:`) that hold until the next, pivot chords (`IV C: I`: two labels on
 * one beat with a key between them), phrase and repeat marks, and `mNvarM` alternative
 * readings (ignored: the `mN` line is the main reading). Used to measure the analysis
 * against expert analyses (the bench and the corpus floor test); it places labels by
 * measure and beat, and `romanTextOnsets` turns those into quarter-note onsets of a score.
 */

export type RomanTextReading = { key: string; numeral: string };
export type RomanTextLabel = {
  measure: number;
  /** The beat as written: 1 is the downbeat; a pickup's beats count as if its bar were complete. */
  beat: number;
  /** One reading, or two for a pivot chord (the old key's, then the new key's). */
  readings: RomanTextReading[];
  /** Whether the label names a key (a key change or the first key). */
  namesKey: boolean;
};
export type RomanText = {
  /** Beats in a bar and the beat's length in quarters (3/4 → 3 beats of 1). */
  meter: { beats: number; beatQuarters: number };
  labels: RomanTextLabel[];
};

const KEY_TOKEN = /^([A-Ga-g])(#|b|-)?:$/;
const BEAT_TOKEN = /^b(\d+(?:\.\d+)?)$/;
const MARKS = new Set(['||', ':||', '||:', ':||:']);

/** A RomanText key token (`f#`, `Bb`) in the form keys are written in labels (`-` read as flat). */
function keyToken(letter: string, accidental: string | undefined): string {
  return `${letter}${accidental === '-' ? 'b' : (accidental ?? '')}`;
}

export function readRomanText(text: string): RomanText {
  let meter = { beats: 4, beatQuarters: 1 };
  const labels: RomanTextLabel[] = [];
  let key = '';
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    const time = /^Time Signature:\s*(\d+)\s*\/\s*(\d+)/i.exec(line);
    if (time) {
      meter = { beats: Number(time[1]), beatQuarters: 4 / Number(time[2]) };
      continue;
    }
    const measureLine = /^m(\d+)\s+(.*)$/.exec(line);
    if (!measureLine) continue;
    const measure = Number(measureLine[1]);
    let beat = 1;
    let pending: RomanTextReading[] = [];
    let pendingKeyNamed = false;
    let keyBeforeNumeral = false;
    const flush = () => {
      if (pending.length > 0) labels.push({ measure, beat, readings: pending, namesKey: pendingKeyNamed });
      pending = [];
      pendingKeyNamed = false;
    };
    for (const token of (measureLine[2] as string).split(/\s+/)) {
      if (token === '' || MARKS.has(token)) continue;
      const beatMatch = BEAT_TOKEN.exec(token);
      if (beatMatch) {
        flush();
        beat = Number(beatMatch[1]);
        continue;
      }
      const keyMatch = KEY_TOKEN.exec(token);
      if (keyMatch) {
        key = keyToken(keyMatch[1] as string, keyMatch[2]);
        keyBeforeNumeral = true;
        continue;
      }
      // A numeral: a second one on the same beat after a key token is a pivot's new reading.
      if (pending.length > 0 && !keyBeforeNumeral) flush();
      pending.push({ key, numeral: token });
      if (keyBeforeNumeral) pendingKeyNamed = true;
      keyBeforeNumeral = false;
    }
    flush();
  }
  return { meter, labels };
}

/** A score's measures as the analysis numbers them: the number attribute as written, start and length in quarters. */
export type NumberedMeasure = { number: string; start: number; length: number };

/**
 * The onset (quarters from the score's start) of each label, or undefined when the
 * analysis's measure is not in the score. Measure `N` is the score's measure numbered
 * `N`, whose beats run on into a following half numbered `Na`; a short first measure is a
 * pickup whose beats are counted as if the bar were complete.
 */
export function romanTextOnsets(analysis: RomanText, measures: NumberedMeasure[]): (number | undefined)[] {
  const bar = analysis.meter.beats * analysis.meter.beatQuarters;
  const byNumber = new Map<string, NumberedMeasure>();
  for (const measure of measures) if (!byNumber.has(measure.number)) byNumber.set(measure.number, measure);
  const first = measures[0];
  return analysis.labels.map((label) => {
    const measure = byNumber.get(String(label.measure));
    if (!measure) return undefined;
    const offset = (label.beat - 1) * analysis.meter.beatQuarters;
    const pickup = measure === first && measure.length < bar - 1e-6 ? bar - measure.length : 0;
    return Math.round((measure.start + offset - pickup) * 10_000) / 10_000;
  });
}
