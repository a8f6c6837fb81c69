import { existsSync, readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readScore } from './analysis/score-reading.ts';
import type { GradedItem } from './grade.ts';
import { importMusicXml } from './musicxml-import.ts';
import { renderAllPagesSvg, renderFirstPageSvg, stackPages } from './render-score.ts';
import { renderSubmissionImage } from './submission-image.ts';

const LONGEST = '/work/shared/corpora/bach-chorales/205.mxl';

const item = (measure: number, answer: string): GradedItem => ({
  id: `m${measure}b1`,
  measure,
  beat: 1,
  answer,
  expected: answer,
  correct: true,
  points: 1,
  max_points: 1,
});

/** QA2: a submission image shows every page of the score, so a long chorale's last labels are in it. */
describe('the submission image of a score longer than a page', () => {
  it('stacks pages one under another, as wide as the widest', () => {
    const page = (w: number, h: number, text: string) =>
      `<svg width="${w}px" height="${h}px" version="1.1" xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`;
    expect(stackPages([page(1000, 300, 'one')])).toBe(page(1000, 300, 'one'));
    const stacked = stackPages([page(1000, 300, 'one'), page(900, 200, 'two')]);
    expect(stacked).toMatch(/^<svg [^>]*width="1000px" height="500px">/);
    expect(stacked).toContain('<svg x="0" y="0" width="1000px" height="300px"');
    expect(stacked).toContain('<svg x="0" y="300" width="900px" height="200px"');
  });

  it.runIf(existsSync(LONGEST))('draws the labels of chorale 205 to its last measure, on every page', { timeout: 60_000 }, async () => {
    const { musicxml } = importMusicXml(new Uint8Array(readFileSync(LONGEST)));
    const measures = readScore(musicxml).measures;
    const last = measures[measures.length - 1]?.number as number;
    const items = [item(1, 'V'), item(20, 'IV6'), item(last, 'vii°7')];
    const image = await renderSubmissionImage(musicxml, { items }, 'full');
    // Every label is written into the picture, the last measure's too.
    for (const label of ['IV6', 'vii°7']) expect(image.svg).toContain(label);
    // Taller than the one page a preview draws.
    const firstPage = await renderFirstPageSvg(musicxml);
    const firstHeight = Number(/<svg\b[^>]*\sheight="([\d.]+)/.exec(firstPage)?.[1]);
    expect(image.height).toBeGreaterThan(2 * firstHeight);
    const png = decode(image.png);
    expect([png.width, png.height]).toEqual([image.width, image.height]);
  });

  it.runIf(existsSync(LONGEST))('stops at six pages however long the score', { timeout: 120_000 }, async () => {
    const { musicxml } = importMusicXml(new Uint8Array(readFileSync(LONGEST)));
    // The chorale three times over, part by part: about ten pages.
    const tripled = musicxml.replace(
      /(<part\b[^>]*>)([\s\S]*?)(<\/part>)/g,
      (_m, open, body, close) => `${open}${body}${body}${body}${close}`,
    );
    const svg = await renderAllPagesSvg(tripled);
    expect((svg.match(/<svg x="0" y="/g) ?? []).length).toBe(6);
    expect(Number(/^<svg\b[^>]*\sheight="([\d.]+)/.exec(svg)?.[1])).toBeLessThanOrEqual(6 * 1750);
  });
});
