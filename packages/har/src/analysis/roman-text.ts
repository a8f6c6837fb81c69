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
  /** The meter in force at the label (a piece may change time signature). */
  meter?: Meter;
};
/** Beats in a bar and the beat's length in quarters: 3/4 → 3 beats of 1, 6/8 → 2 beats of 1.5 (a compound meter's beat is dotted). */
export type Meter = { beats: number; beatQuarters: number };
export type RomanText = {
  /** The first meter: beats in a bar and the beat's length in quarters (3/4 → 3 beats of 1). */
  meter: Meter;
  labels: RomanTextLabel[];
};

const KEY_TOKEN = /^([A-Ga-g])(#|b|-)?:$/;
const BEAT_TOKEN = /^b(\d+(?:\.\d+)?)$/;
const MARKS = new Set(['||', ':||', '||:', ':||:']);

/** A RomanText key token (`f#`, `Bb`) in the form keys are written in labels (`-` read as flat). */
function keyToken(letter: string, accidental: string | undefined): string {
  return `${letter}${accidental === '-' ? 'b' : (accidental ?? '')}`;
}

/**
 * The meter of a time signature as RomanText counts beats (music21's): a compound meter (6/8,
 * 9/8, 12/8, 6/4, and 3/8 as one beat) counts dotted beats; any other counts the signature's unit.
 */
export function meterOf(numerator: number, denominator: number): Meter {
  const unit = 4 / denominator;
  if ((numerator % 3 === 0 && numerator > 3) || (numerator === 3 && denominator >= 8)) {
    return { beats: numerator / 3, beatQuarters: 3 * unit };
  }
  return { beats: numerator, beatQuarters: unit };
}

export function readRomanText(text: string): RomanText {
  let meter: Meter = { beats: 4, beatQuarters: 1 };
  let firstMeter: Meter | undefined;
  const labels: RomanTextLabel[] = [];
  let key = '';
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    const time = /^Time Signature:\s*(\d+)\s*\/\s*(\d+)/i.exec(line);
    if (time) {
      meter = meterOf(Number(time[1]), Number(time[2]));
      firstMeter ??= meter;
      continue;
    }
    // A repeat (`m9-12 = m5-8`, `m24 = m5`): the labels of the measures named, again in these.
    const repeat = /^m(\d+)(?:\s*-\s*m?(\d+))?\s*=\s*m(\d+)(?:\s*-\s*m?(\d+))?\s*$/.exec(line);
    if (repeat) {
      const to = Number(repeat[1]);
      const from = Number(repeat[3]);
      const last = Number(repeat[4] ?? repeat[3]);
      const toLast = Number(repeat[2] ?? repeat[1]);
      const copied = labels
        .filter((l) => l.measure >= from && l.measure <= last && l.measure - from + to <= toLast)
        .map((l) => ({ ...l, measure: l.measure - from + to, readings: l.readings.map((r) => ({ ...r })) }));
      labels.push(...copied);
      const lastCopied = copied[copied.length - 1]?.readings;
      if (lastCopied?.length) key = (lastCopied[lastCopied.length - 1] as RomanTextReading).key;
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
      if (pending.length > 0) labels.push({ measure, beat, readings: pending, namesKey: pendingKeyNamed, meter });
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
  labels.sort((a, b) => a.measure - b.measure || a.beat - b.beat);
  return { meter: firstMeter ?? meter, labels };
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
  const byNumber = new Map<string, NumberedMeasure>();
  for (const measure of measures) if (!byNumber.has(measure.number)) byNumber.set(measure.number, measure);
  const first = measures[0];
  return analysis.labels.map((label) => {
    const measure = byNumber.get(String(label.measure));
    if (!measure) return undefined;
    const meter = label.meter ?? analysis.meter;
    const bar = meter.beats * meter.beatQuarters;
    const offset = exactBeat(label.beat - 1) * meter.beatQuarters;
    const pickup = measure === first && measure.length < bar - 1e-6 ? bar - measure.length : 0;
    return Math.round((measure.start + offset - pickup) * 10_000) / 10_000;
  });
}

/**
 * A beat as RomanText writes it, its thirds and sixths cut to two or three decimals (`b1.67`,
 * `b2.33`, `b1.83`), read as the fraction meant: the nearest twelfth or sixteenth of a beat
 * when within a hundredth, otherwise as written.
 */
function exactBeat(beats: number): number {
  const candidates = [Math.round(beats * 12) / 12, Math.round(beats * 16) / 16];
  let best = beats;
  let distance = 0.011;
  for (const c of candidates) {
    if (Math.abs(c - beats) < distance) {
      best = c;
      distance = Math.abs(c - beats);
    }
  }
  return best;
}
