import { readScore, shownPosition } from './analysis/score-reading.ts';

/** Where an item is, as a person reads it on the score: the measure's own number ('0', '7a') and a pickup's beat in a whole bar. */
export type ShownPosition = { measure_label: string; beat_label: number };

/**
 * The shown position of each item (by id) of an exercise on `musicxml`: what the grade report and
 * feedback print instead of the items' own measure numbers (issue 24).
 */
export function shownPositions(
  musicxml: string,
  items: readonly { id: string; measure: number; beat: number }[],
): Record<string, ShownPosition> {
  const { measures } = readScore(musicxml);
  return Object.fromEntries(items.map((item) => [item.id, shownPosition(measures, item.measure, item.beat)]));
}
