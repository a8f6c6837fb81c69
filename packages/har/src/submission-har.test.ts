import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type HarDocument, readHandIn, readHar, submissionHead, submissionOf, writeHar, writeSubmissionHar } from './format.ts';
import { HarError } from './har-error.ts';
import { buildExercise } from './library/build-library.ts';
import { pitchClass } from './library/theory.ts';
import { importMusicXml } from './musicxml-import.ts';

const CORPUS = '/work/shared/corpora/bach-chorales';

function exerciseOf(score: string, title: string): HarDocument {
  return {
    manifest: { format: 'har', version: 1, kind: 'exercise', title, exercise_type: 'roman-numeral-analysis', document_key: 'exercise-key' },
    score,
    key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
  };
}

const built = buildExercise(
  { key: 'C', mode: 'major', beats: 4, phrase: 'I IV V I | ii6 V7 I:2' },
  { tonic: pitchClass('C'), mode: 'major' },
  'Ünïcode & <title>',
);
const scores: [string, HarDocument][] = [['a built phrase', { ...exerciseOf(built.score, 'Ünïcode & <title>'), key: built.key }]];
// A real chorale (the corpus is read at run time, never copied into the repository).
if (fs.existsSync(`${CORPUS}/001.mxl`)) {
  scores.push(['chorale 001', exerciseOf(importMusicXml(new Uint8Array(fs.readFileSync(`${CORPUS}/001.mxl`))).musicxml, 'Chorale 001')]);
}

/**
 * Issue 29: a hand-in's stored `.har` is the document's manifest and score, deflated once per
 * document, and the student's answers. The bytes must be exactly those `writeHar` writes, so every
 * reader of stored submissions reads them as before.
 */
describe.each(scores)('submission .har from a head (%s)', (_name, exercise) => {
  const head = submissionHead(exercise, 'doc-key-7');
  const answerSets = [
    { items: [] },
    { items: [{ id: 'm1b1', answer: 'I' }] },
    {
      items: [
        { id: 'm1b1', answer: 'V7' },
        { id: 'm2b3', answer: 'ii⁶ ünïcode' },
        { id: 'm9b1', answer: '' },
      ],
    },
    { items: Array.from({ length: 300 }, (_, i) => ({ id: `m${i}b1`, answer: `V${i % 9}` })) },
  ];

  it.each(answerSets.map((answers, i) => [i, answers] as const))('is byte for byte what writeHar writes (answers %i)', (_i, answers) => {
    const written = writeSubmissionHar(head, answers);
    const expected = writeHar(submissionOf({ ...exercise, manifest: { ...exercise.manifest, document_key: 'doc-key-7' } }, answers));
    expect(Buffer.from(written).equals(Buffer.from(expected))).toBe(true);
    // And every reader reads it: the full reader, the hand-in reader, and a plain unzip.
    const read = readHar(written);
    expect(read.manifest).toMatchObject({ kind: 'submission', document_key: 'doc-key-7' });
    expect(read.score).toBe(exercise.score);
    expect(read.answers).toEqual(answers);
    expect(readHandIn(written).answers).toEqual(answers);
    expect(Object.keys(unzipSync(written))).toEqual(['manifest.json', 'score.musicxml', 'answers.json']);
  });

  it('writes each hand-in from the same head without changing it', () => {
    const before = Buffer.from(head.local).toString('base64') + Buffer.from(head.central).toString('base64');
    writeSubmissionHar(head, answerSets[2] ?? { items: [] });
    writeSubmissionHar(head, answerSets[1] ?? { items: [] });
    expect(Buffer.from(head.local).toString('base64') + Buffer.from(head.central).toString('base64')).toBe(before);
    expect(readHar(writeSubmissionHar(head, answerSets[1] ?? { items: [] })).answers).toEqual(answerSets[1]);
  });

  it('checks the answers as writeHar does', () => {
    expect(() => writeSubmissionHar(head, { items: [{ id: 'bad id!', answer: 'I' }] } as never)).toThrow(HarError);
    expect(() => writeSubmissionHar(head, { items: [{ id: 'm1b1', answer: 'I'.repeat(65) }] } as never)).toThrow(HarError);
  });
});

describe('submission head', () => {
  it('refuses a score writeHar refuses', () => {
    expect(() => submissionHead(exerciseOf('<score-partwise><part>', 'Broken'), 'k')).toThrow(HarError);
  });
});
