import { decode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HarDocument, readHar } from './format.ts';
import { type GradeResult, gradeSubmission } from './grade.ts';
import { HarError } from './har-error.ts';
import { buildSampleLibrary } from './library/build-library.ts';
import { renderPreview } from './preview.ts';
import { gradeReportHtml } from './report.ts';
import { addScoreLabels } from './score-labels.ts';
import { RIGHT_COLOR, renderSubmissionImage, WRONG_COLOR } from './submission-image.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Image = { width: number; height: number; pixel: (x: number, y: number) => [number, number, number] };

function decodePng(png: Uint8Array): Image {
  const image = decode(png);
  const channels = image.channels;
  return {
    width: image.width,
    height: image.height,
    pixel: (x, y) => {
      const at = (y * image.width + x) * channels;
      return [image.data[at] as number, image.data[at + 1] as number, image.data[at + 2] as number];
    },
  };
}

// Ink, including the grey edge of an anti-aliased staff line.
const isDark = ([r, g, b]: [number, number, number]) => r + g + b < 3 * 220;

/** Rows with at least `share` of their pixels inked. */
function darkRows(image: Image, share: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < image.height; y++) {
    let dark = 0;
    for (let x = 0; x < image.width; x++) if (isDark(image.pixel(x, y))) dark++;
    if (dark / image.width >= share) rows.push(y);
  }
  return rows;
}

function countColor(image: Image, hex: string): number {
  const target = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const pixel = image.pixel(x, y);
      if (pixel.every((value, i) => Math.abs(value - (target[i] as number)) < 40)) count++;
    }
  }
  return count;
}

let exercise: HarDocument;
let minorExercise: HarDocument;

beforeAll(() => {
  const library = buildSampleLibrary();
  exercise = readHar(library.sets[0]?.documents[3]?.har as Uint8Array);
  minorExercise = readHar(library.sets[2]?.documents[4]?.har as Uint8Array);
});

describe('renderPreview', () => {
  it('draws the first page of a sample exercise as a PNG about 1000 px wide with staves and notes', async () => {
    const preview = await renderPreview(exercise.score);
    expect([...preview.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(preview.width).toBeGreaterThanOrEqual(800);
    expect(preview.width).toBeLessThanOrEqual(1200);
    expect(preview.height).toBeGreaterThanOrEqual(150);
    expect(preview.height).toBeLessThanOrEqual(1600);
    expect(preview.svg).not.toContain('<title');

    const image = decodePng(preview.png);
    expect([image.width, image.height]).toEqual([preview.width, preview.height]);
    // Ten staff lines (two staves) run across most of the width.
    expect(darkRows(image, 0.6).length).toBeGreaterThanOrEqual(10);
    // Notes, stems and the title make many more rows that are not blank.
    const inked = darkRows(image, 0.005);
    expect(inked.length).toBeGreaterThan(60);
    // The corners stay white: a white background, not a transparent one.
    expect(image.pixel(0, 0)).toEqual([255, 255, 255]);
  });

  it('refuses a score Verovio cannot read with a clear error', async () => {
    const empty = '<score-partwise version="4.0"><part-list/><part id="P9"><measure number="1"/></part></score-partwise>';
    await expect(renderPreview(empty)).rejects.toThrow(HarError);
    await expect(renderPreview(empty)).rejects.toThrow(/^The score could not be read: .+\.$/);
    await expect(renderPreview('<not-music/>')).rejects.toThrow(/^The score could not be read: .+\.$/);
  });

  it('refuses a score too dense to render quickly, without handing it to Verovio', async () => {
    const note = '<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type></note>';
    const dense = `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name/></score-part></part-list><part id="P1"><measure number="1">${note.repeat(9000)}</measure></part></score-partwise>`;
    await expect(renderPreview(dense)).rejects.toThrow('The score could not be read: its first 48 measures have more than 8000 notes.');
  });

  it('renders a long score from its beginning', async () => {
    const measure = (n: number) =>
      `<measure number="${n}">${n === 1 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>' : ''}${'<note><pitch><step>E</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type></note>'.repeat(4)}</measure>`;
    const long = `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name/></score-part></part-list><part id="P1">${Array.from({ length: 400 }, (_, i) => measure(i + 1)).join('')}</part></score-partwise>`;
    const started = performance.now();
    const preview = await renderPreview(long);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(preview.width).toBeGreaterThan(800);
  });
});

describe('submission image and grade report', () => {
  let result: GradeResult;

  beforeAll(() => {
    const items = exercise.key?.items ?? [];
    // Every third answer wrong, one left blank.
    const answers = items.map((item, index) => ({
      id: item.id,
      answer: index === 1 ? '' : index % 3 === 2 ? 'iii' : (item.answers[0] as string),
    }));
    result = gradeSubmission(
      exercise,
      { manifest: { ...exercise.manifest, kind: 'submission' }, score: '', answers: { items: answers } },
      {
        cadential64: 'V',
        neapolitan6: 'N',
      },
    );
  });

  it("shows the student's labels under the notes in green and red", async () => {
    const image = await renderSubmissionImage(exercise.score, result);
    expect([...image.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(image.svg).toContain('iii');
    const decoded = decodePng(image.png);
    expect(countColor(decoded, RIGHT_COLOR)).toBeGreaterThan(50);
    expect(countColor(decoded, WRONG_COLOR)).toBeGreaterThan(50);
    // The labels sit below the music: the image is taller than the preview.
    const preview = await renderPreview(exercise.score);
    expect(image.height).toBeGreaterThan(preview.height);
  });

  it('labels the lowest staff of the last part at the measure and beat of each item', () => {
    const score = `<score-partwise version="4.0"><part-list><score-part id="P1"/><score-part id="P2"/></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>2</divisions><time><beats>3</beats><beat-type>4</beat-type></time></attributes>
        <note><pitch><step>G</step><octave>4</octave></pitch><duration>6</duration></note></measure></part>
      <part id="P2">
        <measure number="1"><attributes><divisions>2</divisions><time><beats>3</beats><beat-type>4</beat-type></time><staves>2</staves></attributes>
          <note id="upper"><pitch><step>E</step><octave>4</octave></pitch><duration>2</duration><staff>1</staff></note>
          <note><pitch><step>G</step><octave>4</octave></pitch><duration>4</duration><staff>1</staff></note>
          <backup><duration>6</duration></backup>
          <note id="bass1"><pitch><step>C</step><octave>3</octave></pitch><duration>4</duration><staff>2</staff></note>
          <note><chord/><pitch><step>G</step><octave>3</octave></pitch><duration>4</duration><staff>2</staff></note>
          <note id="bass3"><pitch><step>B</step><octave>2</octave></pitch><duration>2</duration><staff>2</staff></note>
        </measure>
        <measure number="2"><note><rest/><duration>6</duration></note></measure>
      </part></score-partwise>`;
    const labelled = addScoreLabels(score, [
      { measure: 1, beat: 1, text: 'I & <b>', color: '#00ff00' },
      { measure: 1, beat: 2, text: 'V6', color: '#ff0000' },
      { measure: 1, beat: 3, text: 'ii', color: '#ff0000' },
      { measure: 2, beat: 1, text: 'lost', color: '#ff0000' },
    ]);
    expect(labelled.unplaced).toBe(1);
    const xml = labelled.musicxml;
    expect(xml).toMatch(
      /<note id="bass1">[\s\S]*?<lyric number="1" placement="below" color="#00ff00"><syllabic>single<\/syllabic><text>I &amp; &lt;b&gt;<\/text><\/lyric>/,
    );
    // Beat 2 has no new note on the bass staff: the label goes to the note starting there on the upper staff.
    expect(xml).toMatch(
      /<step>G<\/step><octave>4<\/octave><\/pitch><duration>4<\/duration><staff>1<\/staff><lyric[^>]*><syllabic>single<\/syllabic><text>V6<\/text>/,
    );
    expect(xml).toMatch(/<note id="bass3">[\s\S]*?<text>ii<\/text>[\s\S]*?<\/note>/);
    // Nothing on the first part, nor on the upper note of beat 1.
    expect(xml).not.toMatch(/<note id="upper">(?:(?!<\/note>)[\s\S])*<lyric/);
    expect(xml.match(/<lyric/g)).toHaveLength(3);
  });

  it('writes a self-contained HTML report with every item, escaped', () => {
    const html = gradeReportHtml({
      title: 'Phrase <4>',
      studentName: 'Eve <script>alert(1)</script> & Co',
      submittedAt: 1_767_225_600,
      result,
    });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link|src=|href=/i);
    expect(html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).toContain('Phrase &lt;4&gt;');
    expect(html).toContain('2026-01-01 12:00 AM');
    // One section per language (QA2-5), each with every item once.
    const sections = html.split(/<section lang=/).slice(1);
    expect(sections).toHaveLength(4);
    for (const section of sections) expect(section.match(/<tr class="(correct|incorrect)">/g)).toHaveLength(result.items.length);
    for (const item of result.items) expect(html).toContain(`<td>${item.expected}</td>`);
    expect(html).toContain('(no answer)');
    expect(html).toContain(`${result.points} / ${result.max_points}`);
    expect(html).toContain(`Grade: ${result.grade}`);
  });

  it('writes the report in the four languages', () => {
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'zh-hans' })).toContain('成绩报告');
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'zh-hant' })).toContain('成績報告');
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, language: 'ko', timeZone: 'Asia/Seoul' })).toContain(
      '성적 보고서',
    );
    expect(gradeReportHtml({ title: 'x', studentName: 'y', submittedAt: 0, result, timeZone: 'Not/AZone' })).toContain(
      '1970-01-01 12:00 AM',
    );
  });

  it('labels a minor-key exercise with a Neapolitan and a cadential six-four', async () => {
    const items = minorExercise.key?.items ?? [];
    const answers = items.map((item) => ({ id: item.id, answer: item.answers[item.answers.length - 1] as string }));
    const graded = gradeSubmission(
      minorExercise,
      { manifest: { ...minorExercise.manifest, kind: 'submission' }, score: '', answers: { items: answers } },
      {
        cadential64: 'I',
        neapolitan6: 'II',
      },
    );
    expect(graded.percent).toBe(100);
    expect(graded.items.map((item) => item.expected)).toContain('bII6');
    expect(graded.items.map((item) => item.expected)).toContain('i64');
    const image = await renderSubmissionImage(minorExercise.score, graded);
    const decoded = decodePng(image.png);
    expect(countColor(decoded, RIGHT_COLOR)).toBeGreaterThan(50);
    expect(countColor(decoded, WRONG_COLOR)).toBe(0);
  });
});
