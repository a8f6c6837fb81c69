import { describe, expect, it } from 'vitest';
import { partWritingExercise } from './document.ts';
import { gradePartWriting, pointsOff } from './grade.ts';

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

describe('only what the student wrote costs points (issue 35)', () => {
  // The bass is given below its range (C2 < E2) and moves in octaves with nothing written: never the student's.
  const exercise = partWritingExercise('Given bass', {
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: ['C2', 'F2', 'G2', 'C2'].map((B) => ({ B, figures: '' })),
    points: 20,
  }).exercise;

  it('counts no finding about the given voice alone, nor its range', () => {
    const grade = gradePartWriting(exercise, {
      chords: [
        { S: 'C5', A: 'E4', T: 'G3' },
        { S: 'C5', A: 'F4', T: 'A3' },
        { S: 'B4', A: 'D4', T: 'G3' },
        { S: 'C5', A: 'E4', T: 'G3' },
      ],
    });
    expect(grade.findings.filter((f) => f.rule === 'range')).toEqual([]);
    expect(grade.findings.filter((f) => f.voices.length > 0 && f.voices.every((v) => exercise.given.includes(v)))).toEqual([]);
    expect(grade.score).toBe(20 - pointsOff({ findings: grade.findings, unwritten: [], unwritten_cost: 0 }).total);
  });

  it('counts a finding between a given voice and a written one, and the report’s sum is the grade’s', () => {
    // Soprano G4 → C5 over the bass C2 → F2: parallel fifths (compound) between a written and the given voice.
    const grade = gradePartWriting(exercise, {
      chords: [
        { S: 'G4', A: 'E4', T: 'C4' },
        { S: 'C5', A: 'F4', T: 'A3' },
        { S: 'B4', A: 'D4', T: 'G3' },
        { S: 'C5', A: 'E4', T: 'G3' },
      ],
    });
    const fifths = grade.findings.filter((f) => f.rule === 'parallel-fifths');
    expect(fifths.map((f) => f.voices)).toEqual([['S', 'B']]);
    const off = pointsOff({ findings: grade.findings, unwritten: grade.unwritten, unwritten_cost: grade.unwrittenCost });
    expect(grade.score).toBe(Math.max(0, 20 - off.total));
    expect(off.findings).toBe(grade.findings.length);
  });
});
