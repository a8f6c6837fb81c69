import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GradedItem } from './grade.ts';
import { drawnWidth, fitLabels, LABEL_GAP } from './label-fit.ts';
import { importMusicXml } from './musicxml-import.ts';
import { renderSubmissionImage } from './submission-image.ts';

const CHORALE_057 = '/work/shared/corpora/bach-chorales/057.mxl';

type Drawn = { x: number; y: number; size: number; text: string; length?: number };

/** The labels of a submission image's SVG in document order, with the width each is squeezed to. */
function labelsOf(svg: string): Drawn[] {
  const found = svg.matchAll(
    /class="syl"[^>]*>\s*<text x="([\d.-]+)" y="([\d.-]+)"[^>]*>\s*<tspan[^>]*class="text"[^>]*>\s*<tspan font-size="([\d.]+)px"((?: textLength="[\d.]+")?)[^>]*>([^<]*)</g,
  );
  return [...found].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    size: Number(m[3]),
    text: m[5] ?? '',
    length: m[4] ? Number(/"([\d.]+)"/.exec(m[4])?.[1]) : undefined,
  }));
}

/** Pairs of neighbours on one line whose drawn text reaches the next label (or within the gap). */
function collisions(svg: string): string[] {
  const labels = labelsOf(svg);
  const out: string[] = [];
  const last = new Map<number, Drawn>();
  let previousX = -Infinity;
  for (const label of labels) {
    if (label.x < previousX) last.clear();
    previousX = label.x;
    const before = last.get(label.y);
    if (before) {
      const width = before.length ?? drawnWidth(before.text, before.size);
      if (before.x + width + before.size * LABEL_GAP > label.x + 1) out.push(`${before.text} | ${label.text}`);
    }
    last.set(label.y, label);
  }
  return out;
}

const page = (syls: [number, number, string][]) =>
  `<svg>${syls
    .map(
      ([x, y, text]) =>
        `<g id="s${x}" class="syl"><text x="${x}" y="${y}" font-size="0px"><tspan id="t${x}" class="text"><tspan font-size="400px">${text}</tspan></tspan></text></g>`,
    )
    .join('')}</svg>`;

describe('labels kept apart in the submission image (QA2-4)', () => {
  it('squeezes a label that would reach its neighbour on the same line, and only that one', () => {
    const svg = page([
      [1000, 100, 'C: IV6'],
      [1800, 500, 'vii°7'],
      [2200, 100, 'I'],
      [3000, 100, 'V'],
      // The next system: x starts again, nothing before it to reach.
      [500, 100, 'a: V65'],
    ]);
    expect(collisions(svg)).toEqual(['C: IV6 | I']);
    const fitted = fitLabels(svg);
    expect(collisions(fitted)).toEqual([]);
    // "C: IV6" has 1200 units less the gap; the others are untouched.
    expect(labelsOf(fitted).map((l) => l.length)).toEqual([1200 - 400 * LABEL_GAP, undefined, undefined, undefined, undefined]);
    expect(fitted).toContain('lengthAdjust="spacingAndGlyphs"');
  });

  it('counts a full-width key (C：IV6, as typed in Chinese) wider than the Latin one', () => {
    expect(drawnWidth('C：IV6', 400)).toBeGreaterThan(drawnWidth('C: IV6', 400));
  });

  it.runIf(existsSync(CHORALE_057))(
    'chorale 057: the pivot "VI6 = C: IV6" and the keyed "C：IV6" no longer run into the "I" after them',
    { timeout: 60_000 },
    async () => {
      const { musicxml } = importMusicXml(new Uint8Array(readFileSync(CHORALE_057)));
      const rows: [number, number, string][] = [
        [1, 1, 'i'],
        [1, 2, 'vii°43/V'],
        [1, 3, 'V'],
        [1, 4, 'V2'],
        [3, 1, 'i'],
        [3, 2, 'V6'],
        [3, 3, 'VI6 = C: IV6'],
        [3, 3.5, 'viiø7'],
        [3, 4, 'I'],
        [4, 1, 'V65/V'],
      ];
      const items = (pivot: string): GradedItem[] =>
        rows.map(([measure, beat, answer], i) => ({
          id: `i${i}`,
          measure,
          beat,
          answer: answer === 'VI6 = C: IV6' ? pivot : answer,
          expected: answer,
          correct: true,
          points: 1,
          max_points: 1,
        }));
      for (const pivot of ['VI6 = C: IV6', 'C：IV6']) {
        const image = await renderSubmissionImage(musicxml, { items: items(pivot), key: 'a' }, 'full');
        expect(labelsOf(image.svg).map((l) => l.text)).toContain(pivot);
        expect(collisions(image.svg)).toEqual([]);
      }
    },
  );
});
