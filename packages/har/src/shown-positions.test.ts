import { describe, expect, it } from 'vitest';
import { choraleMusicXml, TEST_CHORALES } from './analysis/test-chorales.ts';
import type { GradeResult } from './grade.ts';
import { gradeReportHtml } from './report.ts';
import { shownPositions } from './shown-positions.ts';

const pickupChorale = TEST_CHORALES.find((c) => c.pickup !== undefined);
if (!pickupChorale) throw new Error('no test chorale with a pickup');

describe('the grade report names measures as the score prints them (issue 24)', () => {
  // A one-beat pickup (measure 0) in 4/4, and a measure the score calls '1a' after a repeat.
  const score = choraleMusicXml(pickupChorale).replace(/<measure number="2"/g, '<measure number="1a"');
  const items = [
    { id: 'a', measure: 0, beat: 1 },
    { id: 'b', measure: 2, beat: 3 },
  ];

  it('gives a pickup its own number and the beat it falls on, and a split bar its own text', () => {
    expect(shownPositions(score, items)).toEqual({
      a: { measure_label: '0', beat_label: 4 },
      b: { measure_label: '1a', beat_label: 3 },
    });
  });

  it('prints them in the report; without them, the items’ own numbers', () => {
    const result: GradeResult = {
      items: items.map((item) => ({ ...item, answer: 'V', expected: 'V', correct: true, points: 1, max_points: 1 })),
      points: 2,
      max_points: 2,
      percent: 100,
      grade: 'A',
    };
    const report = (positions?: ReturnType<typeof shownPositions>) =>
      gradeReportHtml({ title: 'Chorale', studentName: 'Ann', submittedAt: 0, result, ...(positions ? { positions } : {}) });
    const shown = report(shownPositions(score, items));
    expect(shown).toContain('m. 0, beat 4');
    expect(shown).toContain('m. 1a, beat 3');
    expect(report()).toContain('m. 0, beat 1');
  });
});
