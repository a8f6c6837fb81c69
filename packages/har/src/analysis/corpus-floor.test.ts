import { existsSync, readFileSync } from 'node:fs';
import { parseKeyedLabel } from '@app/contract/keyed-label';
import { describe, expect, it } from 'vitest';
import { importMusicXml } from '../musicxml-import.ts';
import { analyseScore } from './analyze-score.ts';
import { type CorpusGroup, groupPresent, readGroup } from './corpus-groups.ts';
import { COURSE_DEFAULT_SETTINGS, type CorpusPiece, measureCorpus, summarise } from './corpus-measure.ts';
import { keyToken } from './key-areas.ts';

// Floors on the shared corpus (../shared/corpora/bach-chorales: 142 Bach chorales with expert
// When-in-Rome analyses, read at run time, never copied here): the figures `npm run bench --
// analysis` reached (decision 039) less a small margin, so a change cannot quietly make the
// suggestions worse.
const CORPUS = new URL('../../../../../shared/corpora/bach-chorales/', import.meta.url);
const present = existsSync(new URL('manifest.json', CORPUS));
if (!present) console.warn(`corpus-floor: no corpus at ${CORPUS.pathname}; the floors are not checked.`);

function corpus(): CorpusPiece[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', CORPUS), 'utf8')) as {
    chorales: { score_file: string; analysis_file: string }[];
  };
  return manifest.chorales.map((c) => ({
    name: c.score_file,
    score: new Uint8Array(readFileSync(new URL(c.score_file, CORPUS))),
    analysis: readFileSync(new URL(c.analysis_file, CORPUS), 'utf8'),
  }));
}

describe.skipIf(!present)('suggestions on the Bach chorales of the shared corpus', () => {
  it('keep their floors (recall, keys, exact, chord, root; no expert label refused)', { timeout: 120_000 }, () => {
    const figures = measureCorpus(corpus(), COURSE_DEFAULT_SETTINGS);
    const s = summarise(figures);
    console.info('corpus figures', s);
    expect(figures.pieces).toBe(142);
    expect(s.recall).toBeGreaterThanOrEqual(99.0);
    expect(s.globalKey).toBeGreaterThanOrEqual(FLOORS.globalKey);
    expect(s.exact).toBeGreaterThanOrEqual(FLOORS.exact);
    expect(s.exactWhereKeysAgree).toBeGreaterThanOrEqual(FLOORS.exactWhereKeysAgree);
    expect(s.chord).toBeGreaterThanOrEqual(FLOORS.chord);
    expect(s.root).toBeGreaterThanOrEqual(FLOORS.root);
    expect(figures.refused).toBe(0);
  });

  it('suggest only labels the saving path and the grader read', () => {
    for (const piece of corpus().slice(0, 12)) {
      const analysis = analyseScore(importMusicXml(piece.score).musicxml, { cadential64: 'V', neapolitan6: 'N' });
      for (const p of analysis.positions) {
        for (const answer of p.suggestion.answers) expect(parseKeyedLabel(answer), `${piece.name} ${p.id} ${answer}`).toBeDefined();
      }
    }
  });

  it("offer no reading twice: an alternative in the piece's key is left out where that key is already in force", () => {
    // Chorales where a chord after a pivot into the piece's key was offered `VII6` and `a: VII6` (QA2-6).
    const pieces = corpus().filter((p) => ['041.mxl', '057.mxl', '075.mxl', '081.mxl', '115.mxl'].includes(p.name));
    expect(pieces).toHaveLength(5);
    for (const piece of pieces) {
      const analysis = analyseScore(importMusicXml(piece.score).musicxml, { cadential64: 'V', neapolitan6: 'N' });
      for (const p of analysis.positions) {
        const [main = '', ...others] = p.suggestion.answers;
        if (main.includes(' = ')) continue;
        const inForce = `${keyToken(p.key)}: `;
        const plain = [main, ...others].map((a) => (a.startsWith(inForce) ? a.slice(inForce.length) : a));
        expect(new Set(plain).size, `${piece.name} ${p.id}: ${p.suggestion.answers.join(', ')}`).toBe(plain.length);
      }
    }
  });
});

/**
 * The figures reached with the course's default settings, as the bench measures (percent: key 95.8,
 * exact 80.9, where keys agree 92.6, chord 94.1, root 96.35 — a cadential six-four with either root,
 * decision 039's fifth round; the label alone 95.7) less about half a point (key: one chorale, 0.7 point).
 */
const FLOORS = { globalKey: 95, exact: 80.4, exactWhereKeysAgree: 92.1, chord: 93.6, root: 95.85 };

/**
 * Floors per group of When-in-Rome's repertoire (issue 36: ../shared/corpora/when-in-rome, the
 * shared half, read at run time), measured as `npm run bench -- analysis --group <group>` does: the
 * figures reached (decision 055) less about a point (global key: a piece). Pieces the product refuses
 * or whose analysis does not fit its score are left out, as the bench leaves them out (17 of the 34
 * quartet movements are refused by issue 40's limit on marks at the time of writing: a change to the
 * limits changes which movements are measured).
 */
const GROUP_FLOORS: Record<Exclude<CorpusGroup, 'chorales'>, { globalKey: number; exact: number; chord: number; root: number }> = {
  textbooks: { globalKey: 83, exact: 45.5, chord: 84.5, root: 89.5 },
  sonatas: { globalKey: 96, exact: 44.5, chord: 61, root: 71 },
  lieder: { globalKey: 88, exact: 46.8, chord: 65.3, root: 75.5 },
  quartets: { globalKey: 88, exact: 39, chord: 65, root: 73 },
  keyboard: { globalKey: 94, exact: 33, chord: 50.8, root: 68 },
  variations: { globalKey: 66, exact: 45.5, chord: 62, root: 74.5 },
};

describe.each(Object.entries(GROUP_FLOORS))('suggestions on When-in-Rome’s %s', (group, floors) => {
  it.skipIf(!groupPresent(group as CorpusGroup))('keep their floors (global key, exact, chord, root)', { timeout: 300_000 }, () => {
    const figures = measureCorpus(readGroup(group as CorpusGroup), COURSE_DEFAULT_SETTINGS);
    const s = summarise(figures);
    console.info(`${group} figures`, { ...s, pieces: figures.pieces, leftOut: figures.leftOut.length });
    expect(figures.pieces).toBeGreaterThan(0);
    expect(s.globalKey).toBeGreaterThanOrEqual(floors.globalKey);
    expect(s.exact).toBeGreaterThanOrEqual(floors.exact);
    expect(s.chord).toBeGreaterThanOrEqual(floors.chord);
    expect(s.root).toBeGreaterThanOrEqual(floors.root);
  });
});
