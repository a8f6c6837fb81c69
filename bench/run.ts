// `npm run bench [-- name …]`: every benchmark, or the named ones. They print figures and
// are never part of `npm test`.
import { runAccountBenchmarks } from './accounts.ts';
import { runAnalysisBenchmark } from './analysis.ts';
import { runApiBenchmarks } from './api.ts';
import { runAuthoringBenchmark } from './authoring.ts';
import { writeBudget } from './budget.ts';
import { runDashboardBenchmark } from './dashboard.ts';
import { runDocumentBenchmarks } from './documents.ts';
import { runGradeBookBenchmark } from './gradebook.ts';
import { runHeavyScoreBenchmark } from './heavy-score.ts';
import { runInstancesBenchmark } from './instances.ts';
import { runMediaBenchmarks } from './media.ts';
import { runPartWritingBachBenchmark } from './part-writing-bach.ts';
import { runSpikeBenchmark } from './spike.ts';
import { runWebBenchmarks } from './web.ts';
import { runWorkspaceBenchmark } from './workspace.ts';
import { runWorkspacePhoneBenchmark } from './workspace-phone.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  accounts: runAccountBenchmarks,
  analysis: runAnalysisBenchmark,
  authoring: runAuthoringBenchmark,
  api: runApiBenchmarks,
  dashboard: runDashboardBenchmark,
  documents: runDocumentBenchmarks,
  gradebook: runGradeBookBenchmark,
  'heavy-score': runHeavyScoreBenchmark,
  instances: runInstancesBenchmark,
  media: runMediaBenchmarks,
  'part-writing-bach': runPartWritingBachBenchmark,
  spike: runSpikeBenchmark,
  web: runWebBenchmarks,
  workspace: runWorkspaceBenchmark,
  'workspace-phone': runWorkspacePhoneBenchmark,
};

// Names come first; options after them (`spike --students 500`) belong to the benchmarks.
const firstOption = process.argv.findIndex((a, i) => i >= 2 && a.startsWith('--'));
const wanted = process.argv.slice(2, firstOption < 0 ? undefined : firstOption);
for (const name of wanted) {
  if (!benchmarks[name]) {
    console.error(`Unknown benchmark ${name}; choose from ${Object.keys(benchmarks).join(', ')}.`);
    process.exit(1);
  }
}
for (const [name, run] of Object.entries(benchmarks)) {
  // The spike starts its own cluster and takes minutes, as the Bach part-writing bench does: they run only when named.
  if (wanted.length > 0 ? !wanted.includes(name) : name === 'spike' || name === 'part-writing-bach') continue;
  console.log(`\n## ${name}`);
  await run();
}
writeBudget();
