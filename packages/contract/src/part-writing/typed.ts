/**
 * What an instructor types under each chord in Create Exercise's typed part writing (issue 27):
 * the chord's figures or numeral, and optionally its length as a note value in brackets at the
 * end — `6 5 (h)`, `V7 (h.)`, `I (w)` — the letters of the note values: (e) eighth, (q) quarter,
 * (q.) dotted quarter, (h) half, (h.) dotted half, (w) whole. Without one a chord lasts the
 * meter's beat, as every typed chord did before lengths could be typed. The browser reads the
 * field with `readTypedLabel` and writes it back with `typedLabelText`; the chords it sends keep
 * their length in quarter notes (`beats`), which the save checks again with `crossesBarline`.
 */

/** Each note value a typed chord may last, and its length in quarter notes (the document's `PART_WRITING_BEATS`). */
export const TYPED_DURATIONS = { e: 0.5, q: 1, 'q.': 1.5, h: 2, 'h.': 3, w: 4 } as const;
export type TypedDuration = keyof typeof TYPED_DURATIONS;

/** One chord's length in quarter notes when none is typed: the meter's beat (a half in x/2, a dotted quarter in compound x/8). */
export function beatOf(meter: string): number {
  const [count, unit] = meter.split('/').map(Number);
  if (unit === 2) return 2;
  if (unit === 8) return count !== undefined && count % 3 === 0 ? 1.5 : 0.5;
  return 1;
}

/** Quarter notes in a measure of the meter ("4/4" 4, "6/8" 3, "2/2" 4); undefined when not a meter. */
export function measureQuarters(meter: string): number | undefined {
  const match = /^(\d{1,2})\/(2|4|8)$/.exec(meter.trim());
  if (!match) return undefined;
  const quarters = (Number(match[1]) * 4) / Number(match[2]);
  return quarters > 0 ? quarters : undefined;
}

export type TypedLabel = { label: string; beats: number } | { problem: 'duration'; duration: string };

const WITH_DURATION = /^(.*?)\s*\(\s*([^()]*?)\s*\)$/s;

/**
 * A typed chord field: the label (figures or numeral, trimmed) and its length in quarter notes —
 * the bracketed note value at the end, or `beat` when there is none. A bracket that is not one of
 * the note values (or one left open) is a problem naming what was typed.
 */
export function readTypedLabel(text: string, beat: number): TypedLabel {
  const trimmed = text.trim();
  const match = WITH_DURATION.exec(trimmed);
  if (!match) {
    if (/[()]/.test(trimmed)) return { problem: 'duration', duration: trimmed.slice(trimmed.search(/[()]/)) };
    return { label: trimmed, beats: beat };
  }
  const [, label = '', written = ''] = match;
  const duration = written.replace(/\s+/g, '').toLowerCase();
  if (/[()]/.test(label) || !Object.hasOwn(TYPED_DURATIONS, duration)) return { problem: 'duration', duration: `(${written})` };
  return { label, beats: TYPED_DURATIONS[duration as TypedDuration] };
}

/** A chord as its field shows it: the label, then its note value in brackets unless it lasts the meter's beat. */
export function typedLabelText(label: string, beats: number, beat: number): string {
  if (beats === beat) return label;
  const duration = (Object.keys(TYPED_DURATIONS) as TypedDuration[]).find((d) => TYPED_DURATIONS[d] === beats);
  const text = duration ? `(${duration})` : `(${beats})`;
  return label === '' ? text : `${label} ${text}`;
}

/**
 * The first chord (0-based) that crosses a barline — it starts in one measure and would end in the
 * next — laid from the first beat of the first measure, or after a `pickup` of that many quarter
 * notes (an opening measure shorter than the meter, as a chorale's); undefined when every chord ends
 * by the end of its measure (or the meter is not one).
 */
export function crossesBarline(chords: readonly { beats: number }[], meter: string, pickup?: number): number | undefined {
  const measure = measureQuarters(meter);
  if (measure === undefined) return undefined;
  // A pickup is laid as the end of a measure: the chords after it start on a downbeat.
  let filled = pickup !== undefined && pickup > 0 && pickup < measure ? measure - pickup : 0;
  for (const [index, chord] of chords.entries()) {
    if (filled + chord.beats > measure) return index;
    filled = (filled + chord.beats) % measure;
  }
  return undefined;
}
