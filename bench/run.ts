// `npm run bench [-- name …]`: every benchmark, or the named ones. They print figures and
// are never part of `npm test`.
import { runAccountBenchmarks } from './accounts.ts';
import { runAnalysisBenchmark } from './analysis.ts';
import { runApiBenchmarks } from './api.ts';
import { writeBudget } from './budget.ts';
import { runDashboardBenchmark } from './dashboard.ts';
import { runDocumentBenchmarks } from './documents.ts';
import { runGradeBookBenchmark } from './gradebook.ts';
import { runInstancesBenchmark } from './instances.ts';
import { runMediaBenchmarks } from './media.ts';
import { runWebBenchmarks } from './web.ts';
import { runWorkspaceBenchmark } from './workspace.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  accounts: runAccountBenchmarks,
  analysis: runAnalysisBenchmark,
  api: runApiBenchmarks,
  dashboard: runDashboardBenchmark,
  documents: runDocumentBenchmarks,
  gradebook: runGradeBookBenchmark,
  instances: runInstancesBenchmark,
  media: runMediaBenchmarks,
  web: runWebBenchmarks,
  workspace: runWorkspaceBenchmark,
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!benchmarks[name]) {
    console.error(`Unknown benchmark ${name}; choose from ${Object.keys(benchmarks).join(', ')}.`);
    process.exit(1);
  }
}
for (const [name, run] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n## ${name}`);
  await run();
}
writeBudget();
