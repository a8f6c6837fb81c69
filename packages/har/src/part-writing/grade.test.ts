import { describe, expect, it } from 'vitest';
import { pointsOff } from './grade.ts';

describe('pointsOff: what a grade took off, as its report says it (issue 35)', () => {
  it('counts findings and unfinished chords apart, with their points', () => {
    expect(pointsOff({ findings: [{ cost: 5 }, { cost: 2 }, { cost: 0 }], unwritten: [1, 4], unwritten_cost: 3 })).toEqual({
      findings: 3,
      findingPoints: 7,
      unfinished: 2,
      unfinishedPoints: 6,
      total: 13,
    });
  });
  it('adds fractional costs as people do', () => {
    expect(pointsOff({ findings: [{ cost: 0.1 }, { cost: 0.2 }], unwritten: [], unwritten_cost: 3 }).total).toBe(0.3);
  });
  it('is nothing for clean work', () => {
    expect(pointsOff({ findings: [], unwritten: [], unwritten_cost: 3 })).toEqual({
      findings: 0,
      findingPoints: 0,
      unfinished: 0,
      unfinishedPoints: 0,
      total: 0,
    });
  });
});
