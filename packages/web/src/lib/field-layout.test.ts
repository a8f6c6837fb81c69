import { describe, expect, it } from 'vitest';
import { layOutScore, type MeasureSpan, placeFields, rowCount, type ScoreLayout } from './field-layout.ts';

describe('placing answer fields under their chords', () => {
  it('centres each field under its chord on one row when they fit', () => {
    const placements = placeFields([0.2, 0.4, 0.6], 1000, 50);
    expect(placements).toEqual([
      { left: 175, row: 0 },
      { left: 375, row: 0 },
      { left: 575, row: 0 },
    ]);
    expect(rowCount(placements)).toBe(1);
  });

  it('puts crowded fields on further rows (never on top of another) and keeps them inside the score', () => {
    const placements = placeFields([0.01, 0.05, 0.09, 0.99], 1000, 60);
    expect(placements.map((p) => p.row)).toEqual([0, 1, 2, 0]);
    expect(placements[0]?.left).toBe(0);
    expect(placements[3]?.left).toBe(940);
    expect(rowCount(placements)).toBe(3);
  });

  it('gives chords without a position evenly spaced slots', () => {
    expect(placeFields([null, null], 400, 40).map((p) => p.left)).toEqual([80, 280]);
  });
});

/** Measures of `widths` score units one after another from x = 100, as the one-line score has them. */
function measuresOf(widths: number[]): MeasureSpan[] {
  let x = 100;
  return widths.map((width) => {
    const span = { x1: x, x2: x + width };
    x += width;
    return span;
  });
}

/** Chords at these fractions of each measure. */
function chordsIn(measures: MeasureSpan[], fractions: number[]): number[] {
  return measures.flatMap((m) => fractions.map((f) => m.x1 + f * (m.x2 - m.x1)));
}

function expectNoOverlap(layout: ScoreLayout, fieldWidth: number) {
  const { fields } = layout;
  for (let i = 0; i < fields.length; i += 1) {
    for (let j = i + 1; j < fields.length; j += 1) {
      const a = fields[i];
      const b = fields[j];
      if (!a || !b || a.system !== b.system || a.row !== b.row) continue;
      expect(Math.abs(a.left - b.left), `fields ${i} and ${j}`).toBeGreaterThanOrEqual(fieldWidth);
    }
  }
}

function expectInBox(layout: ScoreLayout, boxWidth: number, fieldWidth: number) {
  for (const system of layout.systems) expect(system.width).toBeLessThanOrEqual(boxWidth);
  for (const field of layout.fields) {
    expect(field.left).toBeGreaterThanOrEqual(0);
    expect(field.left + fieldWidth).toBeLessThanOrEqual(boxWidth);
  }
}

const base = { start: 0, prefixWidth: 300, height: 1000, fieldWidth: 64 };

describe('laying the score out in systems', () => {
  it('fills each system with whole measures that fit the box, a pickup first', () => {
    // A pickup of one beat, then 4-beat bars.
    const measures = measuresOf([400, 1000, 1000, 1000, 1000, 1000, 1000]);
    const xs = [measures[0]?.x1 as number, ...chordsIn(measures.slice(1), [0.1, 0.35, 0.6, 0.85])].map((x, i) => (i === 0 ? x + 200 : x));
    const layout = layOutScore({ ...base, measures, xs, scale: 0.1, boxWidth: 320 });
    // 3,200 units fit: the first line holds the pickup and two bars; every later one a clef prefix and two bars.
    expect(layout.systems.map((s) => [s.first, s.last])).toEqual([
      [0, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(layout.systems.map((s) => s.prefix)).toEqual([false, true, true]);
    expect(layout.systems[1]?.from).toBe((measures[3]?.x1 as number) - 300);
    expect(layout.fields[0]?.system).toBe(0);
    expect(layout.fields.at(-1)?.system).toBe(2);
    expectInBox(layout, 320, 64);
    expectNoOverlap(layout, 64);
  });

  it('lays out again at another width or zoom, always inside the box', () => {
    const measures = measuresOf(Array.from({ length: 20 }, () => 900));
    const xs = chordsIn(measures, [0.2, 0.45, 0.7]);
    for (const [scale, boxWidth] of [
      [0.16, 1200],
      [0.16, 340],
      [0.08, 340],
      [0.32, 958],
    ] as const) {
      const layout = layOutScore({ ...base, measures, xs, scale, boxWidth });
      expectInBox(layout, boxWidth, 64);
      expectNoOverlap(layout, 64);
      expect(layout.systems.flatMap((s) => Array.from({ length: s.last - s.first + 1 }, (_, i) => s.first + i))).toEqual(
        measures.map((_, i) => i),
      );
    }
    const wide = layOutScore({ ...base, measures, xs, scale: 0.16, boxWidth: 1200 });
    const narrow = layOutScore({ ...base, measures, xs, scale: 0.16, boxWidth: 340 });
    expect(narrow.systems.length).toBeGreaterThan(wide.systems.length);
  });

  it('keeps repeats and split bars (7, 7a) as the measures they are: a short 7a stays whole', () => {
    // 7 ends at a repeat sign after two beats, 7a is the rest of that bar.
    const measures = measuresOf([1000, 1000, 500, 520, 1000, 1000]);
    const xs = chordsIn(measures, [0.3, 0.7]);
    const layout = layOutScore({ ...base, measures, xs, scale: 0.1, boxWidth: 260 });
    for (const system of layout.systems) {
      expect(system.to).toBe(measures[system.last]?.x2);
      expect(system.to - system.from).toBeLessThanOrEqual(2600);
    }
    expectNoOverlap(layout, 64);
  });

  it('stacks the fields of dense sixteenths in further rows under their system, never on top of each other', () => {
    const measures = measuresOf([1600, 1600, 1600]);
    const xs = chordsIn(
      measures,
      Array.from({ length: 16 }, (_, i) => (i + 0.5) / 16),
    );
    const layout = layOutScore({ ...base, measures, xs, scale: 0.12, boxWidth: 375 });
    expect(Math.max(...layout.systems.map((s) => s.rows))).toBeGreaterThan(1);
    expectNoOverlap(layout, 64);
    expectInBox(layout, 375, 64);
  });

  it('places 100 chords, and a chord the drawing lacks follows the one before it', () => {
    const measures = measuresOf(Array.from({ length: 25 }, () => 1200));
    const xs: (number | null)[] = chordsIn(measures, [0.1, 0.35, 0.6, 0.85]);
    expect(xs).toHaveLength(100);
    xs[57] = null;
    const layout = layOutScore({ ...base, measures, xs, scale: 0.1, boxWidth: 958 });
    expect(layout.fields).toHaveLength(100);
    expect(layout.fields[57]?.system).toBe(layout.fields[56]?.system);
    expectNoOverlap(layout, 64);
    expectInBox(layout, 958, 64);
  });

  it('draws a measure wider than the box smaller, alone on its line', () => {
    const measures = measuresOf([800, 5000, 800]);
    const layout = layOutScore({ ...base, measures, xs: chordsIn(measures, [0.5]), scale: 0.1, boxWidth: 300 });
    const wide = layout.systems.find((s) => s.first === 1);
    expect(wide?.last).toBe(1);
    expect(wide?.width).toBeLessThanOrEqual(300);
    expect(wide?.scale).toBeLessThan(0.1);
  });
});
