import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildSampleLibrary } from '../library/build-library.ts';
import { partWritingExercise, partWritingSubmission, writePartWritingHar } from './document.ts';
import {
  chordPlaces,
  isPartWritingHar,
  partWritingResult,
  readPartWritingHandIn,
  studentView,
  submissionScore,
  writtenFromAnswers,
  writtenFromHandIn,
} from './hand-in.ts';
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
    // After a one-beat pickup numbered 0 (a chorale's), in 3/4: the pickup is beat 3 of measure 0.
    expect(chordPlaces({ ...doc.exercise, meter: '3/4', pickup: 1, first_measure: 0 }).map(({ measure, beat }) => [measure, beat])).toEqual(
      [
        [0, 3],
        [1, 2],
        [1, 3],
        [2, 1],
      ],
    );
    // A change of metre starts its measure, and beats count in it (issue 35).
    const changing = {
      ...doc.exercise,
      meter: '4/4',
      chords: [
        { B: 'C3', beats: 4 },
        { B: 'F3', beats: 1.5, meter: '6/8' },
        { B: 'G3', beats: 1.5, phrase_end: true },
        { B: 'C3', beats: 1 },
      ],
    };
    expect(chordPlaces(changing).map(({ measure, beat }) => [measure, beat])).toEqual([
      [1, 1],
      [2, 1],
      [2, 4],
      [3, 1],
    ]);
    expect(studentView(changing).chords[2]).toEqual({ id: 'chord-3', beats: 1.5, phrase_end: true, B: 'G3' });
    expect(studentView(changing).chords[1]).toMatchObject({ meter: '6/8' });
    expect(studentView({ ...doc.exercise, pickup: 1, first_measure: 0 })).toMatchObject({ pickup: 1, first_measure: 0 });
    const view = studentView(doc.exercise);
    expect(JSON.stringify(view)).not.toContain('E5');
    expect(view.chords[0]).toEqual({ id: 'chord-1', figures: '', beats: 2, B: 'C3' });
  });

  it('reads answers, grades them as a GradeResult with findings and draws the written voices', () => {
    const refused = writtenFromAnswers(doc.exercise, [{ id: 'chord-2', answer: 'C5 F4' }]);
    expect(refused).toEqual({ refusal: { index: 0, problem: { kind: 'count' } } });
    // A voice's line must fill its chord (issue 35): chord 1 lasts a half note, so two quarters do, one does not.
    expect(writtenFromAnswers(doc.exercise, [{ id: 'chord-1', answer: 'E5:4+D5:4 G4 C4' }])).toMatchObject({
      written: { chords: [{ S: 'E5:4+D5:4', A: 'G4', T: 'C4' }, {}, {}, {}] },
    });
    expect(writtenFromAnswers(doc.exercise, [{ id: 'chord-1', answer: 'E5:4 G4 C4' }])).toEqual({
      refusal: { index: 0, problem: { kind: 'line', note: 'E5:4', problem: { kind: 'length', written: 1, chord: 2 } } },
    });
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

describe('part-writing hand-in file', () => {
  const model = doc.model as NonNullable<typeof doc.model>;

  it('reads only the manifest and voices.json of a hand-in, never the exercise or score it carries', () => {
    const handIn = partWritingSubmission({ ...doc, manifest: { ...doc.manifest, document_key: 'k1' } }, model);
    const read = readPartWritingHandIn(writePartWritingHar(handIn));
    expect(read).toEqual({ kind: 'submission', exerciseType: 'part-writing', documentKey: 'k1', voices: model });
    // A file whose score and part-writing.json are garbage is still read for its answers alone.
    const enc = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
    const odd = zipSync({
      'manifest.json': enc({ ...handIn.manifest }),
      'score.musicxml': enc('not music'),
      'part-writing.json': enc('{"given": ['),
      'voices.json': enc(model),
    });
    expect(readPartWritingHandIn(odd).voices).toEqual(model);
    expect(readPartWritingHandIn(zipSync({ 'manifest.json': enc(handIn.manifest) })).voices).toBeUndefined();
    expect(() => readPartWritingHandIn(zipSync({ 'voices.json': enc(model) }))).toThrow('manifest.json is missing.');
    expect(() => readPartWritingHandIn(new Uint8Array([1, 2, 3]))).toThrow();
  });

  it('checks the voices strictly against the exercise', () => {
    const ex = doc.exercise;
    expect(writtenFromHandIn(ex, model)).toEqual({ written: model });
    expect(writtenFromHandIn(ex, undefined)).toEqual({ problem: { kind: 'no-voices' } });
    expect(writtenFromHandIn(ex, { chords: 'x' })).toEqual({ problem: { kind: 'no-voices' } });
    expect(writtenFromHandIn(ex, { chords: model.chords.slice(1) })).toEqual({ problem: { kind: 'chord-count', expected: 4 } });
    const chords = (change: (c: Record<string, unknown>[]) => void) => {
      const copy = model.chords.map((c) => ({ ...c })) as Record<string, unknown>[];
      change(copy);
      return writtenFromHandIn(ex, { chords: copy });
    };
    expect(chords((c) => ((c[1] as Record<string, unknown>).B = 'F2'))).toEqual({ problem: { kind: 'given-voice', chord: 2 } });
    expect(chords((c) => delete (c[2] as Record<string, unknown>).A)).toEqual({ problem: { kind: 'missing-voice', chord: 3 } });
    expect(chords((c) => ((c[0] as Record<string, unknown>).S = 'H4'))).toEqual({ problem: { kind: 'pitch', note: 'H4' } });
    expect(chords((c) => ((c[0] as Record<string, unknown>).S = 64))).toEqual({ problem: { kind: 'pitch', note: '64' } });
    expect(chords((c) => ((c[3] as Record<string, unknown>).T = 'C10'))).toEqual({ problem: { kind: 'midi', note: 'C10' } });
    expect(chords((c) => (c[0] = null as never))).toEqual({ problem: { kind: 'missing-voice', chord: 1 } });
  });

  it('takes lines of notes with values (issue 35) that fill their chords, and names one that does not', () => {
    const ex = doc.exercise;
    const beats = ex.chords[0]?.beats ?? 1;
    const line = beats === 1 ? 'C5:8+D5:8' : `C5:8+D5:q${beats - 0.5}`;
    const lines = { chords: model.chords.map((c, i) => (i === 0 ? { ...c, S: line } : c)) };
    expect(writtenFromHandIn(ex, lines)).toEqual({ written: lines });
    const short = { chords: model.chords.map((c, i) => (i === 0 ? { ...c, S: 'C5:16' } : c)) };
    expect(writtenFromHandIn(ex, short)).toEqual({
      problem: { kind: 'line', note: 'C5:16', problem: { kind: 'length', written: 0.25, chord: beats } },
    });
  });
});
