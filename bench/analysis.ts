// Exercise authoring's suggestions measured on real music (issue 25): the Bach chorales of the
// shared corpus (../shared/corpora/bach-chorales, the odd-numbered half) against their expert
// When-in-Rome analyses, through the same path as POST /api/exercise-drafts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COURSE_DEFAULT_SETTINGS,
  type CorpusFigures,
  type CorpusPiece,
  measureCorpus,
  mergeFigures,
  summarise,
} from '../packages/har/src/analysis/corpus-measure.ts';
import { record } from './budget.ts';

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpora/bach-chorales');

export function readCorpus(dir = CORPUS_DIR): CorpusPiece[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    chorales: { score_file: string; analysis_file: string }[];
  };
  return manifest.chorales.map((c) => ({
    name: c.score_file.replace(/\.mxl$/, ''),
    score: new Uint8Array(fs.readFileSync(path.join(dir, c.score_file))),
    analysis: fs.readFileSync(path.join(dir, c.analysis_file), 'utf8'),
  }));
}

export async function runAnalysisBenchmark() {
  const dir = process.env.CORPUS_DIR ?? CORPUS_DIR;
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    console.log(`No corpus at ${dir}: skipped.`);
    return;
  }
  const only = process.env.CHORALES?.split(',');
  const pieces = readCorpus(dir).filter((p) => !only || only.includes(p.name));
  const started = performance.now();
  // The course's default settings, as POST /api/exercise-drafts analyses in a course that kept them
  // (SETTINGS=I,II measures with the other spellings). Each piece is analysed once: the two halves
  // of the set (Riemenschneider number ≡ 1 or ≡ 3 mod 4, to see that a change helps both, not one)
  // are measured apart and merged for the whole.
  const [cadential64, neapolitan6] = process.env.SETTINGS?.split(',') ?? [];
  const settings = {
    cadential64: cadential64 === 'I' || cadential64 === 'V' ? cadential64 : COURSE_DEFAULT_SETTINGS.cadential64,
    neapolitan6: neapolitan6 === 'N' || neapolitan6 === 'II' ? neapolitan6 : COURSE_DEFAULT_SETTINGS.neapolitan6,
  } as const;
  const halves = new Map<number, CorpusFigures>();
  for (const rest of [1, 3])
    halves.set(
      rest,
      measureCorpus(
        pieces.filter((p) => Number.parseInt(p.name, 10) % 4 === rest),
        settings,
      ),
    );
  const figures = mergeFigures(halves.get(1) as CorpusFigures, halves.get(3) as CorpusFigures);
  const seconds = (performance.now() - started) / 1000;
  const s = summarise(figures);
  const line = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
  console.log(`settings: cadential six-four ${settings.cadential64}, Neapolitan ${settings.neapolitan6}`);
  console.log(
    `${figures.pieces} chorales, ${figures.labels} expert labels, analysed and compared in ${seconds.toFixed(1)} s (${((1000 * seconds) / Math.max(1, figures.pieces)).toFixed(0)} ms a chorale)`,
  );
  line('expert labels at a position the analysis finds (recall)', `${s.recall.toFixed(1)} %`);
  line('global key right (tonic and mode)', `${s.globalKey.toFixed(1)} % (${figures.globalKey}/${figures.pieces})`);
  line('exact, counting local keys', `${s.exact.toFixed(1)} %`);
  line(`exact where the keys in force agree (${s.keysAgree.toFixed(1)} % of labels)`, `${s.exactWhereKeysAgree.toFixed(1)} %`);
  line('same chord, inversion aside', `${s.chord.toFixed(1)} %`);
  line('same root (a cadential six-four with either root)', `${s.root.toFixed(1)} %`);
  line('same root, the label alone', `${s.rootOfLabel.toFixed(1)} %`);
  const spellings = [...figures.refusedSpellings.entries()].sort((a, b) => b[1] - a[1]);
  line('expert labels the parser refuses', `${figures.refused} (${spellings.length} spellings)`);
  if (spellings.length > 0) console.log(`  ${spellings.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  console.log('Ten most common disagreements (expert → suggestion; a key is named where it differs):');
  for (const [text, n] of [...figures.disagreements.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 10))) {
    console.log(`  ${String(n).padStart(4)}  ${text}`);
  }
  if (process.env.ROOTS) {
    console.log(`Most common root disagreements (${figures.rootMissesAtDecorations} at positions marked as decorations):`);
    for (const [text, n] of [...figures.rootDisagreements.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`  ${String(n).padStart(4)}  ${text}`);
    }
  }
  if (process.env.WRONG_KEYS) console.log(`Wrong global keys: ${figures.wrongKeys.join('; ')}`);
  for (const [rest, half] of halves) {
    const h = summarise(half);
    console.log(
      `chorales ≡ ${rest} mod 4: key ${h.globalKey.toFixed(1)} %, exact ${h.exact.toFixed(1)} %, chord ${h.chord.toFixed(1)} %, root ${h.root.toFixed(1)} % (label alone ${h.rootOfLabel.toFixed(1)} %)`,
    );
  }
  record('analysis.recall_pct', s.recall, '%', { min: 99 });
  record('analysis.global_key_pct', s.globalKey, '%', { min: 95 });
  record('analysis.exact_pct', s.exact, '%', { min: 70 });
  record('analysis.chord_pct', s.chord, '%', { min: 92 });
  record('analysis.root_pct', s.root, '%', { min: 96 });
  record('analysis.refused_labels', figures.refused, 'labels', { max: 0 });
}
