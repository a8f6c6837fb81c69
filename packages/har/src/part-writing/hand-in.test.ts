import { describe, expect, it } from 'vitest';
import { buildSampleLibrary } from '../library/build-library.ts';
import { partWritingExercise, partWritingSubmission, writePartWritingHar } from './document.ts';
import { chordPlaces, isPartWritingHar, partWritingResult, studentView, submissionScore, writtenFromAnswers } from './hand-in.ts';
import { partWritingReportHtml } from './report.ts';

const doc = partWritingExercise(
  'Figured bass',
  {
    key: 'C major',
    meter: '3/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: [
      { B: 'C3', figures: '', beats: 2 },
      { B: 'F3', figures: '' },
      { B: 'G3', figures: '' },
      { B: 'C3', figures: '', beats: 2 },
    ],
    points: 10,
  },
  {
    chords: [
      { S: 'E5', A: 'G4', T: 'C4' },
      { S: 'F5', A: 'A4', T: 'C4' },
      { S: 'D5', A: 'G4', T: 'B3' },
      { S: 'E5', A: 'G4', T: 'C4' },
    ],
  },
);

describe('part-writing hand-in', () => {
  it('tells a part-writing .har by its manifest', () => {
    expect(isPartWritingHar(writePartWritingHar(doc))).toBe(true);
    const sample = buildSampleLibrary().sets[0]?.documents[0]?.har as Uint8Array;
    expect(isPartWritingHar(sample)).toBe(false);
    expect(isPartWritingHar(new Uint8Array([1, 2, 3]))).toBe(false);
  });

  it('places chords by measure and beat and shows a student no model', () => {
    expect(chordPlaces(doc.exercise)).toEqual([
      { measure: 1, beat: 1, onset: 0 },
      { measure: 1, beat: 3, onset: 2 },
      { measure: 2, beat: 1, onset: 3 },
      { measure: 2, beat: 2, onset: 4 },
    ]);
    const view = studentView(doc.exercise);
    expect(JSON.stringify(view)).not.toContain('E5');
    expect(view.chords[0]).toEqual({ id: 'chord-1', figures: '', beats: 2, B: 'C3' });
  });

  it('reads answers, grades them as a GradeResult with findings and draws the written voices', () => {
    const refused = writtenFromAnswers(doc.exercise, [{ id: 'chord-2', answer: 'C5 F4' }]);
    expect(refused).toEqual({ refusal: { index: 0, problem: { kind: 'count' } } });
    expect(writtenFromAnswers(doc.exercise, [{ id: 'chord-5', answer: '' }])).toEqual({
      refusal: { index: 0, problem: { kind: 'unknown' } },
    });
    const read = writtenFromAnswers(doc.exercise, [
      { id: 'chord-1', answer: 'G4 E4 C4' },
      { id: 'chord-2', answer: 'C5 F4 A3' },
      { id: 'chord-3', answer: 'B4 D4 G3' },
      { id: 'chord-4', answer: 'C5 E4 G3' },
    ]);
    if (!('written' in read)) throw new Error('refused');
    const result = partWritingResult(doc.exercise, read.written);
    expect(result).toMatchObject({ points: 7, max_points: 10, percent: 70, grade: 'C−' });
    expect(result.items.map((i) => [i.id, i.correct, i.expected])).toEqual([
      ['chord-1', false, ''],
      ['chord-2', false, ''],
      ['chord-3', true, ''],
      ['chord-4', true, ''],
    ]);
    expect(result.part_writing.findings.map((f) => [f.rule, f.cost])).toEqual([['parallel-fifths', 3]]);
    const html = partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result, reveal: 'none' });
    expect(html).not.toContain('parallel fifths');
    expect(partWritingReportHtml({ title: 'x', studentName: 'A B', submittedAt: 0, result, language: 'ko' })).toContain('−3');
    const score = submissionScore(partWritingSubmission(doc, read.written));
    expect(score.match(/<note>/g)).toHaveLength(16);
    // A voice left unfinished is not drawn.
    const partial = partWritingSubmission(doc, { chords: [{ S: 'G4', A: 'E4', T: 'C4' }, { S: 'C5', A: 'F4' }, {}, {}] });
    expect(submissionScore(partial).match(/<note>/g)).toHaveLength(4);
  });
});
