import { describe, expect, it } from 'vitest';
import { placeFields, rowCount } from './field-layout.ts';

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

  it('staggers crowded fields into a second row and keeps them inside the score', () => {
    const placements = placeFields([0.01, 0.05, 0.09, 0.99], 1000, 60);
    expect(placements.map((p) => p.row)).toEqual([0, 1, 0, 0]);
    expect(placements[0]?.left).toBe(0);
    expect(placements[3]?.left).toBe(940);
    expect(rowCount(placements)).toBe(2);
  });

  it('gives chords without a position evenly spaced slots', () => {
    expect(placeFields([null, null], 400, 40).map((p) => p.left)).toEqual([80, 280]);
  });
});
