import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readHandIn, readHar, writeHar } from './format.ts';
import { HarError } from './har-error.ts';
import { buildExercise } from './library/build-library.ts';
import { pitchClass } from './library/theory.ts';
import { assertMusicXml } from './musicxml-check.ts';
import { importMusicXml } from './musicxml-import.ts';
import { parseXmlTree } from './musicxml-tree.ts';
import { maxMarksFor, SCORE_LIMITS, scanScore } from './score-limits.ts';

const MB = 1024 * 1024;
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list><part id="P1">`;
const NOTE = '<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type></note>';
const measure = (n: number, notes = 4) =>
  `<measure number="${n}">${n === 1 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>' : ''}${NOTE.repeat(notes)}</measure>`;
const score = (measures: number, notes = 4) =>
  `${HEAD}${Array.from({ length: measures }, (_, i) => measure(i + 1, notes)).join('')}</part></score-partwise>`;
/** A score with `depth` elements nested inside one note, and one measure. */
const deep = (depth: number) =>
  `${HEAD}<measure number="1"><note>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}<pitch><step>C</step><octave>4</octave></pitch><duration>4</duration></note></measure></part></score-partwise>`;

function refusal(run: () => unknown): HarError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HarError);
    return error as HarError;
  }
  throw new Error('expected a refusal');
}

const exercise = buildExercise(
  { key: 'C', mode: 'major', beats: 4, phrase: 'I IV V I' },
  { tonic: pitchClass('C'), mode: 'major' },
  'Limits',
);
const manifest = { format: 'har', version: 1, kind: 'exercise', title: 'Limits', exercise_type: 'roman-numeral-analysis' } as const;
/** A .har written around any score text, without writeHar's checks. */
const harWith = (scoreText: string, kind: 'exercise' | 'submission' = 'exercise') =>
  zipSync({
    'manifest.json': strToU8(JSON.stringify({ ...manifest, kind, document_key: 'doc1' })),
    'score.musicxml': strToU8(scoreText),
    ...(kind === 'submission'
      ? { 'answers.json': strToU8(JSON.stringify({ items: [{ id: 'm1b1', answer: 'I' }] })) }
      : { 'key.json': strToU8(JSON.stringify(exercise.key)) }),
  });

describe('score limits (issue 26)', () => {
  it('counts notes, measures and nesting in one pass, past comments, CDATA and quoted >', () => {
    const text = `<?xml version="1.0"?><!-- <note> --><score-partwise><part id="P1"><measure number="1" text="a>b"><note/><note><![CDATA[<note>]]></note></measure></part></score-partwise>`;
    expect(scanScore(text)).toEqual({ notes: 2, measures: 1, depth: 4, elements: 5, marks: 0 });
    expect(scanScore(score(3)).notes).toBe(12);
  });

  it('refuses a score nested deeper than the limit before the XML parser sees it, with a 400 sentence', () => {
    const error = refusal(() => assertMusicXml(deep(120), 'score.musicxml'));
    expect(error.code).toBe('invalid_content');
    expect(error.message).toBe('score.musicxml nests elements more than 50 deep, which no MusicXML score does.');
    expect(() => assertMusicXml(deep(30), 'score.musicxml')).not.toThrow();
    // A .har holding it, and an uploaded score, are refused the same way.
    expect(refusal(() => readHar(harWith(deep(120)))).message).toBe(
      'score.musicxml nests elements more than 50 deep, which no MusicXML score does.',
    );
    expect(refusal(() => importMusicXml(strToU8(deep(120)))).message).toBe(
      'The score nests elements more than 50 deep, which no MusicXML score does.',
    );
  });

  it('turns the XML parser giving up into a HarError, never a plain Error', () => {
    const error = refusal(() => parseXmlTree(deep(150)));
    expect(error.code).toBe('unreadable_score');
    expect(error.message).toMatch(/^The score could not be read: /);
  });

  it('refuses more notes or measures than an exercise may have', () => {
    const notes = Math.ceil((SCORE_LIMITS.maxNotes + 1) / 16);
    expect(refusal(() => readHar(harWith(score(notes, 16)))).message).toBe(
      'score.musicxml has more than 8,000 notes, more than an exercise may have.',
    );
    expect(refusal(() => importMusicXml(strToU8(score(SCORE_LIMITS.maxMeasures + 1, 1)))).message).toBe(
      'The score has more than 800 measures, more than an exercise may have.',
    );
    expect(() => readHar(harWith(score(SCORE_LIMITS.maxMeasures, 1)))).not.toThrow();
  });

  it('counts the measures of the longest part, not measures times parts (issue 36)', () => {
    // Four instruments of 300 measures each: 1,200 <measure> elements, an ordinary quartet movement.
    const part = (id: string, measures: number) =>
      `<part id="${id}">${Array.from({ length: measures }, (_, i) => measure(i + 1, 1)).join('')}</part>`;
    const list = ['P1', 'P2', 'P3', 'P4'].map((id) => `<score-part id="${id}"><part-name>${id}</part-name></score-part>`).join('');
    const quartet = (measures: number) =>
      `<?xml version="1.0"?><score-partwise version="4.0"><part-list>${list}</part-list>${['P1', 'P2', 'P3', 'P4'].map((id) => part(id, measures)).join('')}</score-partwise>`;
    expect(scanScore(quartet(300))).toMatchObject({ notes: 1200, measures: 300 });
    expect(() => importMusicXml(strToU8(quartet(300)))).not.toThrow();
    expect(refusal(() => importMusicXml(strToU8(quartet(SCORE_LIMITS.maxMeasures + 1)))).message).toBe(
      'The score has more than 800 measures, more than an exercise may have.',
    );
    // A timewise score's measures hold its parts: each measure counts once.
    const timewise = `<?xml version="1.0"?><score-timewise><measure number="1"><part id="P1"/><part id="P2"/></measure><measure number="2"><part id="P1"/><part id="P2"/></measure></score-timewise>`;
    expect(scanScore(timewise).measures).toBe(2);
  });

  it('counts marks — directions, chord symbols, figures, slurs, a lyric as a quarter — and refuses too many for the line (issue 40)', () => {
    const words = '<direction><direction-type><words>dolce</words></direction-type></direction>';
    const marked = (measures: number, perMeasure: number, extra = '') =>
      `${HEAD}${Array.from({ length: measures }, (_, i) => measure(i + 1).replace('<note>', `${words.repeat(perMeasure)}${extra}<note>`)).join('')}</part></score-partwise>`;
    const lyrics = '<lyric><text>la</text></lyric>'.repeat(4);
    const chordsAndFigures =
      '<harmony><root><root-step>C</root-step></root><kind>major</kind></harmony><figured-bass><figure><figure-number>6</figure-number></figure></figured-bass>';
    expect(scanScore(marked(10, 2, chordsAndFigures + lyrics))).toMatchObject({ measures: 10, marks: 50 });
    // 800 measures may have 375 marks; 150 measures the 2,000 of maxMarks.
    expect(maxMarksFor(800)).toBe(375);
    expect(maxMarksFor(150)).toBe(SCORE_LIMITS.maxMarks);
    expect(() => readHar(harWith(marked(125, 3)))).not.toThrow();
    expect(refusal(() => readHar(harWith(marked(400, 2)))).message).toBe(
      'score.musicxml has 800 directions, chord symbols, figures, slurs and other marks in 400 measures; the workspace shows a score on one line, and at this length it may have at most 750.',
    );
    const dense = refusal(() => importMusicXml(strToU8(marked(800, 16))));
    expect(dense.code).toBe('too_large');
    expect(dense.message).toBe(
      'The score has more than 2,000 directions, chord symbols, figures, slurs and other marks, more than an exercise may have.',
    );
    expect(dense.ref).toMatchObject({ code: 'har.tooManyMarks' });
    // Issue 40's score: 800 measures, 8,000 notes and four words per beat, inside every other limit.
    const issue40 = marked(800, 16);
    expect(issue40.length).toBeLessThan(SCORE_LIMITS.maxBytes);
    expect(scanScore(issue40).passed).toBe('marks');
  });

  it('refuses more elements than an exercise may have, whatever they are (issue 40)', () => {
    const padded = `${HEAD}${measure(1).replace('<note>', '<x/>'.repeat(SCORE_LIMITS.maxElements))}</part></score-partwise>`;
    expect(refusal(() => readHar(harWith(padded))).message).toBe(
      'score.musicxml has more than 120,000 elements, more than an exercise may have.',
    );
  });

  it('refuses a score larger than 5 MB before decoding it', () => {
    const padded = score(4).replace('<part id="P1">', `<part id="P1"><!--${' '.repeat(6 * MB)}-->`);
    const error = refusal(() => readHar(harWith(padded)));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe('score.musicxml is larger than 5 MB, the largest score an exercise may have.');
    expect(refusal(() => importMusicXml(strToU8(padded))).message).toBe(
      'The score is larger than 5 MB, the largest score an exercise may have.',
    );
  });

  it('refuses an .mxl holding a 45 MB score within a second, without unpacking it all', () => {
    const big = score(1).replace('</part>', `${measure(2, 4).repeat(Math.ceil((45 * MB) / measure(2, 4).length))}</part>`);
    const mxl = zipSync({
      'META-INF/container.xml': strToU8('<container><rootfiles><rootfile full-path="score.xml"/></rootfiles></container>'),
      'score.xml': strToU8(big),
    });
    expect(mxl.length).toBeLessThan(2 * MB);
    const started = performance.now();
    const error = refusal(() => importMusicXml(mxl));
    expect(error.message).toBe('The score in the .mxl archive is larger than 5 MB, the largest score an exercise may have.');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a hand-in without its score: manifest and answers only, whatever the score', () => {
    const huge = `${HEAD}${measure(1).repeat(Math.ceil((40 * MB) / measure(1).length))}</part></score-partwise>`;
    const bytes = harWith(huge, 'submission');
    const started = performance.now();
    const handIn = readHandIn(bytes);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(handIn).toEqual({
      manifest: { ...manifest, kind: 'submission', document_key: 'doc1' },
      answers: { items: [{ id: 'm1b1', answer: 'I' }] },
    });
    // Even a hand-in whose score is not XML at all.
    expect(readHandIn(harWith('not a score', 'submission')).answers?.items).toHaveLength(1);
    // An exercise handed in has no answers; a submission without answers.json is refused as before.
    expect(readHandIn(writeHar({ manifest, score: exercise.score, key: exercise.key })).answers).toBeUndefined();
  });
});
