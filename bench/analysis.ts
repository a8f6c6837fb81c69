// Exercise authoring's suggestions measured on real music (issues 25 and 36): the Bach chorales
// of the shared corpus (../shared/corpora/bach-chorales, the odd-numbered half) and When-in-Rome's
// repertoire groups (../shared/corpora/when-in-rome: textbook examples, Mozart sonatas, songs,
// Beethoven quartets, keyboard music, variations) against their expert analyses, through the same
// path as POST /api/exercise-drafts. `npm run bench -- analysis [--group textbooks|sonatas|lieder|
// quartets|keyboard|variations|chorales]`: one group in detail, or every group and a table.

import { CORPUS_GROUPS, type CorpusGroup, groupPresent, readGroup } from '../packages/har/src/analysis/corpus-groups.ts';
import {
  COURSE_DEFAULT_SETTINGS,
  type CorpusFigures,
  measureCorpus,
  mergeFigures,
  summarise,
} from '../packages/har/src/analysis/corpus-measure.ts';
import { record } from './budget.ts';

function optionValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

export async function runAnalysisBenchmark() {
  const asked = optionValue('--group') ?? process.env.GROUP;
  if (asked && !CORPUS_GROUPS.includes(asked as CorpusGroup)) {
    console.error(`Unknown group ${asked}; choose from ${CORPUS_GROUPS.join(', ')}.`);
    process.exitCode = 1;
    return;
  }
  // The course's default settings, as POST /api/exercise-drafts analyses in a course that kept them
  // (SETTINGS=I,II measures with the other spellings).
  const [cadential64, neapolitan6] = process.env.SETTINGS?.split(',') ?? [];
  const settings = {
    cadential64: cadential64 === 'I' || cadential64 === 'V' ? cadential64 : COURSE_DEFAULT_SETTINGS.cadential64,
    neapolitan6: neapolitan6 === 'N' || neapolitan6 === 'II' ? neapolitan6 : COURSE_DEFAULT_SETTINGS.neapolitan6,
  } as const;
  console.log(`settings: cadential six-four ${settings.cadential64}, Neapolitan ${settings.neapolitan6}`);
  const groups = asked ? [asked as CorpusGroup] : [...CORPUS_GROUPS];
  const table: string[] = [];
  for (const group of groups) {
    if (!groupPresent(group)) {
      console.log(`No corpus for ${group}: skipped.`);
      continue;
    }
    const only = (process.env.PIECES ?? process.env.CHORALES)?.split(',');
    const pieces = readGroup(group).filter((p) => !only || only.some((name) => p.name.includes(name)));
    const started = performance.now();
    // Each piece is analysed once: the two halves of the group are measured apart and merged.
    const halves = new Map<number, CorpusFigures>();
    for (const rest of [1, 3])
      halves.set(
        rest,
        measureCorpus(
          pieces.filter((p) => p.half === rest),
          settings,
        ),
      );
    const figures = mergeFigures(halves.get(1) as CorpusFigures, halves.get(3) as CorpusFigures);
    const seconds = (performance.now() - started) / 1000;
    const s = summarise(figures);
    console.log(`\n### ${group}`);
    const line = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
    console.log(
      `${figures.pieces} pieces measured (${figures.leftOut.length} left out), ${figures.labels} expert labels (${figures.unplaced} not placed in their score), in ${seconds.toFixed(1)} s`,
    );
    for (const left of figures.leftOut) console.log(`  left out ${left.piece}: ${left.why}`);
    line('CPU per piece (import and analysis): median, longest', `${s.medianMs.toFixed(0)} ms, ${s.maxMs.toFixed(0)} ms`);
    const slowest = [...figures.cpuMs].sort((a, b) => b.ms - a.ms)[0];
    if (slowest) line('  the longest', `${slowest.piece}`);
    line('expert labels at a position the analysis finds (recall)', `${s.recall.toFixed(1)} %`);
    line('global key right (tonic and mode)', `${s.globalKey.toFixed(1)} % (${figures.globalKey}/${figures.pieces})`);
    line('exact, counting local keys (label in force)', `${s.exact.toFixed(1)} %`);
    line(`exact where the keys in force agree (${s.keysAgree.toFixed(1)} % of labels)`, `${s.exactWhereKeysAgree.toFixed(1)} %`);
    line('same chord, inversion aside', `${s.chord.toFixed(1)} %`);
    line('same root (a cadential six-four with either root)', `${s.root.toFixed(1)} %`);
    line('same root, the label alone', `${s.rootOfLabel.toFixed(1)} %`);
    const spellings = [...figures.refusedSpellings.entries()].sort((a, b) => b[1] - a[1]);
    line('expert labels the parser refuses', `${figures.refused} (${spellings.length} spellings)`);
    if (spellings.length > 0)
      console.log(
        `  ${spellings
          .slice(0, 30)
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')}`,
      );
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
        `${group === 'chorales' ? `chorales ≡ ${rest} mod 4` : `half ${rest === 1 ? 'A' : 'B'}`}: key ${h.globalKey.toFixed(1)} %, exact ${h.exact.toFixed(1)} %, chord ${h.chord.toFixed(1)} %, root ${h.root.toFixed(1)} % (label alone ${h.rootOfLabel.toFixed(1)} %)`,
      );
    }
    table.push(
      `| ${group} (${figures.pieces}${figures.leftOut.length ? ` + ${figures.leftOut.length} left out` : ''}) | ${s.recall.toFixed(1)} | ${s.globalKey.toFixed(1)} | ${s.exact.toFixed(1)} | ${s.chord.toFixed(1)} | ${s.root.toFixed(2)} | ${s.medianMs.toFixed(0)} / ${s.maxMs.toFixed(0)} |`,
    );
    if (group === 'chorales') {
      record('analysis.recall_pct', s.recall, '%', { min: 99 });
      record('analysis.global_key_pct', s.globalKey, '%', { min: 95 });
      record('analysis.exact_pct', s.exact, '%', { min: 70 });
      record('analysis.chord_pct', s.chord, '%', { min: 92 });
      record('analysis.root_pct', s.root, '%', { min: 96 });
      record('analysis.refused_labels', figures.refused, 'labels', { max: 0 });
    } else {
      record(`analysis.${group}.exact_pct`, s.exact, '%');
      record(`analysis.${group}.chord_pct`, s.chord, '%');
      record(`analysis.${group}.root_pct`, s.root, '%');
      record(`analysis.${group}.max_cpu_ms`, s.maxMs, 'ms');
    }
  }
  console.log('\n| group (pieces) | recall | global key | exact | same chord | same root | CPU ms per piece, median / longest |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of table) console.log(row);
}
