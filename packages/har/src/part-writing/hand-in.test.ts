import { existsSync, readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildSampleLibrary } from '../library/build-library.ts';
import { importMusicXml } from '../musicxml-import.ts';
import { importChosenVoices } from './chorale-import.ts';
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

// A chorale of the shared corpus, read at run time (never copied into the repository).
const CHORALE = '/work/shared/corpora/bach-chorales/001.mxl';

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

  it('draws the voices a student wrote with their rhythm (issue 35): values, dots, ties over a chord change, rests', () => {
    // Soprano and bass given, as a chorale is; the student writes alto and tenor in eighths, a dotted
    // quarter, a suspension tied over the chord change and a rest.
    const chorale = partWritingExercise('Chorale', {
      key: 'G major',
      meter: '4/4',
      given: ['S', 'B'],
      write: ['A', 'T'],
      chords: [
        { S: 'B4', B: 'G3', beats: 2 },
        { S: 'A4:4+G4:4', B: 'D3', beats: 2 },
        { S: 'G4', B: 'G2', beats: 4 },
      ],
      points: 10,
    });
    const written = writtenFromAnswers(chorale.exercise, [
      { id: 'chord-1', answer: 'D4:8+E4:8+D4:4 G3:4.+A3:8' },
      { id: 'chord-2', answer: 'D4:4+C4:4~ B3:2' },
      { id: 'chord-3', answer: 'C4:4+B3:2. r:4+B3:2.' },
    ]);
    if (!('written' in written)) throw new Error(JSON.stringify(written));
    const score = submissionScore(partWritingSubmission(chorale, written.written));
    // Each voice's notes in order: pitch (or rest), duration in divisions (64 a quarter), tie marks.
    const notes = (voice: number) =>
      [...score.matchAll(/<note>([\s\S]*?)<\/note>/g)]
        .map((m) => m[1] as string)
        .filter((n) => n.includes(`<voice>${voice}</voice>`))
        .map((n) => {
          const step = /<step>(\w)<\/step>(?:<alter>(-?\d)<\/alter>)?<octave>(\d)<\/octave>/.exec(n);
          const pitch = step ? `${step[1]}${step[3]}` : 'r';
          const ties = [...n.matchAll(/<tie type="(\w+)"\/>/g)].map((t) => t[1]).join(',');
          return `${pitch}/${/<duration>(\d+)<\/duration>/.exec(n)?.[1]}${/<dot\/>/.test(n) ? '.' : ''}${ties ? `~${ties}` : ''}`;
        });
    expect(notes(1)).toEqual(['B4/128', 'A4/64', 'G4/64', 'G4/256']);
    expect(notes(2)).toEqual(['D4/32', 'E4/32', 'D4/64', 'D4/64', 'C4/64~start', 'C4/64~stop', 'B3/192.']);
    expect(notes(3)).toEqual(['G3/96.', 'A3/32', 'B3/128', 'r/64', 'B3/192.']);
    expect(notes(4)).toEqual(['G3/128', 'D3/128', 'G2/256']);
    // Per staff: the treble holds soprano and alto, the bass staff tenor and bass.
    const staffOf = (voice: number) =>
      new Set([...score.matchAll(new RegExp(`<voice>${voice}</voice>[\\s\\S]*?<staff>(\\d)</staff>`, 'g'))].map((m) => m[1]));
    expect([1, 2, 3, 4].map((v) => [...staffOf(v)])).toEqual([['1'], ['1'], ['2'], ['2']]);
    // A voice left unfinished (the tenor stops after chord 2) is left out; the alto is drawn.
    const unfinished = partWritingSubmission(chorale, {
      chords: written.written.chords.map((chord, i) => (i === 2 ? { A: chord.A as string } : chord)),
    });
    const drawn = submissionScore(unfinished);
    expect(drawn).not.toContain('<voice>3</voice>');
    expect(drawn.match(/<voice>2<\/voice>/g)).toHaveLength(7);
  });

  it.runIf(existsSync(CHORALE))(
    "draws Bach's alto and tenor handed in on a chorale given soprano and bass, each voice as long as the chorale",
    () => {
      const { musicxml } = importMusicXml(new Uint8Array(readFileSync(CHORALE)));
      const { model, voices: _voices, lines: _lines, signature_key: _key, ...input } = importChosenVoices(musicxml, ['S', 'B']);
      const chorale = partWritingExercise('Chorale 001', { ...input, write: ['A', 'T'], points: 10 }, model);
      const answers = partWritingResult(chorale.exercise, model as NonNullable<typeof model>).items.map(({ id, answer }) => ({
        id,
        answer,
      }));
      const written = writtenFromAnswers(chorale.exercise, answers);
      if (!('written' in written)) throw new Error(JSON.stringify(written));
      const score = submissionScore(partWritingSubmission(chorale, written.written));
      const length = chorale.exercise.chords.reduce((sum, chord) => sum + chord.beats, 0) * 64;
      const perVoice = [1, 2, 3, 4].map((voice) =>
        [...score.matchAll(/<note>([\s\S]*?)<\/note>/g)]
          .map((m) => m[1] as string)
          .filter((n) => n.includes(`<voice>${voice}</voice>`))
          .map((n) => Number(/<duration>(\d+)<\/duration>/.exec(n)?.[1])),
      );
      expect(perVoice.map((durations) => durations.reduce((a, b) => a + b, 0))).toEqual([length, length, length, length]);
      // Bach's inner voices move in eighths: more notes than chords, some of them eighths.
      for (const durations of perVoice.slice(1, 3)) {
        expect(durations.length).toBeGreaterThan(chorale.exercise.chords.length / 2);
        expect(durations).toContain(32);
      }
    },
  );
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
