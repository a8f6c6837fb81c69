import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseScore } from './analysis/analyze-score.ts';
import { choraleMusicXml, TEST_CHORALES } from './analysis/test-chorales.ts';
import { authoringDraft } from './authoring-draft.ts';
import { HarError } from './har-error.ts';
import { importMusicXml } from './musicxml-import.ts';
import { studentScore } from './student-score.ts';
import { renderWorkspaceScore } from './workspace-score.ts';

// The shared corpus beside the repository (../shared), read at run time, never copied here.
const CORPUS = new URL('../../../../shared/corpora/bach-chorales', import.meta.url).pathname;
const SETTINGS = { cadential64: 'V', neapolitan6: 'N' } as const;

/** A drawing with the ids Verovio makes up afresh for every drawing blanked wherever they occur (ours, on the notes, stay: `n12`). */
function sameDrawing<T extends { rendered: { svg: string } }>(draft: T): T {
  const { svg } = draft.rendered;
  // Ours are the notes' ids; a made-up one may look like ours (`n1614835` on a staff), so they are told by the note they name.
  const ours = new Set([...svg.matchAll(/\bid="(n\d+)" class="note"/g)].map(([, id = '']) => id));
  // A glyph's id is its code and the drawing's made-up suffix: `E0A4-daps991`.
  const made = new Set(
    [...svg.matchAll(/\bid="([^"]+)"/g)].flatMap(([, id = '']) => (ours.has(id) ? [] : [id.split('-').at(-1) as string])),
  );
  return { ...draft, rendered: { ...draft.rendered, svg: svg.replace(/[A-Za-z0-9]+/g, (word) => (made.has(word) ? '_' : word)) } };
}

/** The draft as each step reads the score for itself: what reading it once must give. */
async function eachOnItsOwn(bytes: Uint8Array) {
  const imported = importMusicXml(bytes);
  const analysis = analyseScore(imported.musicxml, SETTINGS);
  const rendered = await renderWorkspaceScore(
    imported.musicxml,
    analysis.positions.map((p) => ({ id: p.id, measure: p.measure, beat: p.beat, points: 1 })),
  );
  return { imported, analysis, rendered, removed: studentScore(imported.musicxml).removed };
}

describe('Create Exercise’s draft, its score parsed once (decision 048)', () => {
  it('answers what the import, the analysis, the layout and the student copy answer each on their own', async () => {
    const chorale = TEST_CHORALES[0];
    if (!chorale) throw new Error('no test chorale');
    // With a numeral written in as a lyric, which the students' copy leaves out.
    const xml = choraleMusicXml(chorale).replace('</note>', '<lyric number="1"><syllable>single</syllable><text>i</text></lyric></note>');
    const bytes = new TextEncoder().encode(xml);
    const draft = await authoringDraft(bytes, SETTINGS);
    expect(sameDrawing(draft)).toEqual(sameDrawing(await eachOnItsOwn(bytes)));
    expect(draft.removed).toEqual([{ kind: 'lyric', count: 1, examples: ['i'] }]);
    expect(draft.analysis.positions.length).toBeGreaterThan(4);
    expect(draft.rendered.items.every((item) => item.note_ids.length > 0)).toBe(true);
  }, 60_000);

  it.runIf(existsSync(`${CORPUS}/205.mxl`))(
    'does so for the corpus’s longest chorale, lyrics and all',
    async () => {
      const bytes = new Uint8Array(readFileSync(`${CORPUS}/205.mxl`));
      const draft = await authoringDraft(bytes, SETTINGS);
      expect(sameDrawing(draft)).toEqual(sameDrawing(await eachOnItsOwn(bytes)));
      expect(draft.analysis.positions).toHaveLength(390);
      expect(draft.removed.map((r) => r.kind)).toContain('lyric');
    },
    120_000,
  );

  it('refuses a score as the steps do: a score without notes is the analysis’s refusal', async () => {
    const chorale = TEST_CHORALES[0];
    if (!chorale) throw new Error('no test chorale');
    const silent = choraleMusicXml(chorale).replace(/<note>[\s\S]*?<\/note>/g, '');
    const refusal = await authoringDraft(new TextEncoder().encode(silent), SETTINGS).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HarError);
    expect((refusal as HarError).message).toBe('The score has no notes: there is nothing to analyse.');
  });
});
