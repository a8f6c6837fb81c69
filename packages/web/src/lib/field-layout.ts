/** Where each answer field sits under the score: its left edge in pixels and its row (0, 1, …). */
export interface FieldPlacement {
  left: number;
  row: number;
}

/**
 * Places one field of `fieldWidth` pixels centred under each chord (x = 0..1 across the rendered
 * score of `width` pixels), kept inside the score. A field that would touch one already placed goes
 * to the first row where it fits; a new row is opened when none has room, so fields never overlap
 * (at most `rows` rows; past that the least-filled row takes it). A chord without a position
 * (x null) gets an evenly spaced slot.
 */
export function placeFields(
  xs: readonly (number | null)[],
  width: number,
  fieldWidth: number,
  gap = 4,
  rows = Number.POSITIVE_INFINITY,
): FieldPlacement[] {
  const rowEnds: number[] = [];
  return xs.map((x, index) => {
    const centre = (x ?? (index + 0.5) / xs.length) * width;
    const left = Math.max(0, Math.min(width - fieldWidth, centre - fieldWidth / 2));
    let row = rowEnds.findIndex((end) => left >= end + gap);
    if (row === -1) row = rowEnds.length < rows ? rowEnds.length : rowEnds.indexOf(Math.min(...rowEnds));
    rowEnds[row] = left + fieldWidth;
    return { left, row };
  });
}

/** How many rows a placement uses (at least 1): the field area grows only when it must. */
export function rowCount(placements: readonly FieldPlacement[]): number {
  return placements.reduce((count, placement) => Math.max(count, placement.row + 1), 1);
}

/** A measure of the one-line score: its left and right edge in the score's own units. */
export interface MeasureSpan {
  x1: number;
  x2: number;
}

/** One system (line) of the laid-out score: its measures and the part of the one-line score it shows. */
export interface SystemLayout {
  /** First and last measure (indexes into the measures), inclusive. */
  first: number;
  last: number;
  /** The part of the one-line score this system shows (score units), a clef-and-key prefix included. */
  from: number;
  to: number;
  /** Whether the system gets a copy of the clef and key signature in front (every system but the first). */
  prefix: boolean;
  /** Drawn size in pixels, never wider than the box. */
  width: number;
  height: number;
  /** Pixels per score unit in this system (smaller than asked only when one measure is wider than the box). */
  scale: number;
  /** Field rows under this system. */
  rows: number;
}

export interface ScoreLayout {
  systems: SystemLayout[];
  /** Per item: its system and its field's place under that system. */
  fields: (FieldPlacement & { system: number })[];
}

export interface ScoreLayoutInput {
  /** The measures in order, in score units, and where the score starts (its left margin, labels included). */
  measures: readonly MeasureSpan[];
  start: number;
  /** The width of a clef and key signature copied in front of a system that does not start the score. */
  prefixWidth: number;
  /** The one-line score's height in score units. */
  height: number;
  /** Each chord's x in score units (null: not found in the drawing). */
  xs: readonly (number | null)[];
  /** Pixels per score unit at the chosen zoom, and the box's width in pixels. */
  scale: number;
  boxWidth: number;
  fieldWidth: number;
  gap?: number;
}

/**
 * Breaks the one-line score into systems that fit `boxWidth` at `scale`, like a page: as many whole
 * measures as fit on each line (at least one; a measure wider than the box is drawn smaller). Each
 * chord's field goes under its chord in its system (placeFields: crowded chords get further rows).
 */
export function layOutScore(input: ScoreLayoutInput): ScoreLayout {
  const { measures, start, prefixWidth, height, xs, scale, boxWidth, fieldWidth, gap = 4 } = input;
  const available = Math.max(1, boxWidth) / scale;
  const spans: { first: number; last: number; from: number; to: number; prefix: boolean }[] = [];
  let index = 0;
  while (index < measures.length) {
    const first = index;
    const prefix = first > 0;
    const from = prefix ? (measures[first] as MeasureSpan).x1 - prefixWidth : Math.min(start, (measures[0] as MeasureSpan).x1);
    let last = first;
    while (last + 1 < measures.length && (measures[last + 1] as MeasureSpan).x2 - from <= available) last += 1;
    spans.push({ first, last, from, to: (measures[last] as MeasureSpan).x2, prefix });
    index = last + 1;
  }
  if (spans.length === 0) spans.push({ first: 0, last: -1, from: start, to: start + available, prefix: false });

  // Each chord belongs to the system whose measures hold its x; one without an x follows the chord before it.
  const systemOf: number[] = [];
  xs.forEach((x, i) => {
    if (x === null) {
      systemOf.push(systemOf[i - 1] ?? 0);
      return;
    }
    let found = spans.findIndex((s) => x < s.to);
    if (found === -1) found = spans.length - 1;
    systemOf.push(found);
  });

  const fields: ScoreLayout['fields'] = xs.map(() => ({ system: 0, left: 0, row: 0 }));
  const systems = spans.map((span, s): SystemLayout => {
    const drawn = Math.min(scale, boxWidth / Math.max(1, span.to - span.from));
    const width = Math.round((span.to - span.from) * drawn);
    const members = xs.map((_, i) => i).filter((i) => systemOf[i] === s);
    // Fields may use the whole box, not only the drawn width (the last chord of a short line).
    const fieldArea = Math.max(width, Math.min(boxWidth, width + fieldWidth / 2));
    const placed = placeFields(
      members.map((i) => {
        const x = xs[i];
        return x === null || x === undefined ? null : ((x - span.from) * drawn) / fieldArea;
      }),
      fieldArea,
      fieldWidth,
      gap,
    );
    members.forEach((i, k) => {
      fields[i] = { system: s, ...(placed[k] as FieldPlacement) };
    });
    return { ...span, width, height: Math.round(height * drawn), scale: drawn, rows: members.length > 0 ? rowCount(placed) : 0 };
  });
  return { systems, fields };
}
