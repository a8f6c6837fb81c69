/** Where each answer field sits under the score: its left edge in pixels and its row (0 or 1). */
export interface FieldPlacement {
  left: number;
  row: number;
}

/**
 * Places one field of `fieldWidth` pixels centred under each chord (x = 0..1 across the rendered
 * score of `width` pixels), kept inside the score. Fields that would touch the one before go to
 * the next row; with more than two fields crowded together the least-filled row takes it.
 * A chord without a position (x null) gets an evenly spaced slot.
 */
export function placeFields(xs: readonly (number | null)[], width: number, fieldWidth: number, gap = 4, rows = 2): FieldPlacement[] {
  const rowEnds = Array.from({ length: rows }, () => Number.NEGATIVE_INFINITY);
  return xs.map((x, index) => {
    const centre = (x ?? (index + 0.5) / xs.length) * width;
    const left = Math.max(0, Math.min(width - fieldWidth, centre - fieldWidth / 2));
    let row = rowEnds.findIndex((end) => left >= end + gap);
    if (row === -1) row = rowEnds.indexOf(Math.min(...rowEnds));
    rowEnds[row] = left + fieldWidth;
    return { left, row };
  });
}

/** How many rows a placement uses (1 or 2): the field area grows only when it must. */
export function rowCount(placements: readonly FieldPlacement[]): number {
  return placements.reduce((count, placement) => Math.max(count, placement.row + 1), 1);
}
