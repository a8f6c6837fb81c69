// Bach's own voices graded as a student's (issue 35): every chorale of the shared corpus
// (../shared/corpora/bach-chorales, the odd-numbered half, read at run time), for each voice choice
// (bass given; soprano given; soprano and bass given), made into an exercise through a running
// server's API as an instructor does (the chorale chooser, then the save into a set), Bach's notes
// of the voices to write handed in by a student through the workspace (draft, then hand-in), and
// the grade and findings the student's workspace shows read back. Prints per choice: how many were
// accepted (and every refusal's message, counted), the median and minimum percent, chorales without
// a finding, findings per 100 chords by rule, and findings on given voices only (must be 0); then
// the key agreement: the exercise's key against the key the analysis path (POST
// /api/exercise-drafts, Create Exercise of an analysis) finds for the same file.
//
// `npm run bench -- part-writing-bach [--sample N] [--chorales 001,003] [--concurrency 2] [--no-keys]`
// (--sample N: N chorales spread over the corpus; --no-keys: without the analysis path's key, which
// lays out each score with Verovio). The report is printed and written to
// bench/results/part-writing-bach.txt, every outcome with its findings to part-writing-bach.json
// (neither committed; a run worth citing is copied beside them, as part-writing-bach-before.txt).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import {
  analysisKeys,
  BACH_CHOICES,
  type Caller,
  type ChoiceOutcome,
  choiceFigures,
  handInBach,
  keyToken,
  medianOf,
  type Reply,
  refusalLine,
  scoreVoices,
} from '../packages/server/test/part-writing-bach.ts';
import { record } from './budget.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.BENCH_CORPUS ?? path.resolve(here, '../../shared/corpora/bach-chorales');

type Chorale = { number: number; bwv: string; score_file: string; key: string };

function optionValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** A signed-in user's requests over HTTP, as the browser sends them (bearer token, CSRF cookie and header). */
async function signedIn(address: string, email: string): Promise<Caller> {
  const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
  const response = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body: JSON.stringify({ email, password: 'DemoPass123' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  const token = response.headers.get('x-access-token') ?? '';
  const headers = { authorization: `Bearer ${token}`, cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf };
  const answer = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const json = (method: string) => async (url: string, body: unknown) =>
    answer(
      await fetch(`${address}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  return {
    get: async (url) => answer(await fetch(`${address}${url}`, { headers })),
    post: json('POST'),
    put: json('PUT'),
    upload: async (url, file) => {
      const form = new FormData();
      form.append('file', new Blob([file.bytes]), file.name);
      return answer(await fetch(`${address}${url}`, { method: 'POST', headers, body: form }));
    },
  };
}

/** Runs `work` over `items`, `width` at a time, keeping the order of the answers. */
async function pooled<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, width) }, async () => {
      while (next < items.length) {
        const index = next++;
        answers[index] = await work(items[index] as T, index);
      }
    }),
  );
  return answers;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);

type ChoraleResult = {
  chorale: Chorale;
  voices: number | string;
  keys: { key: string; opening: string } | { refused: string } | undefined;
  outcomes: ChoiceOutcome[];
  ms: number;
};

export async function runPartWritingBachBenchmark() {
  const manifestFile = path.join(corpus, 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.log('Part writing on Bach chorales: skipped (needs the chorale corpus at ../shared/corpora/bach-chorales).');
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Chorale[] | { chorales: Chorale[] };
  let chorales = (Array.isArray(manifest) ? manifest : manifest.chorales).sort((a, b) => a.number - b.number);
  const only = optionValue('--chorales')?.split(',').map(Number);
  if (only) chorales = chorales.filter((c) => only.includes(c.number));
  const sample = Number(optionValue('--sample') ?? 0);
  if (sample > 0 && sample < chorales.length) {
    const step = chorales.length / sample;
    chorales = Array.from({ length: sample }, (_, i) => chorales[Math.floor(i * step)] as Chorale);
  }
  const width = Number(optionValue('--concurrency') ?? 2);
  const withKeys = !process.argv.includes('--no-keys');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-part-writing-bach-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1' }));
  const lines: string[] = [];
  const say = (line = '') => {
    console.log(line);
    lines.push(line);
  };
  const started = performance.now();
  let details: ChoraleResult[] = [];
  try {
    await seedDemoData(app.deps, app.services);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const teacher = await signedIn(address, 'instructor@example.com');
    const student = await signedIn(address, 'student@example.com');
    const me = (await teacher.get('/api/users')).body as { data: { course_instructors: { id: number; title: string }[] } };
    const course = me.data.course_instructors.find((c) => c.title === 'Music Theory I') ?? me.data.course_instructors[0];
    if (!course) throw new Error('the demo instructor has no course');
    const now = Math.floor(Date.now() / 1000);
    const set = await teacher.post(`/api/courses/${course.id}/assignments`, {
      title: 'Bach chorales',
      released_at: now - 3600,
      due_at: now + 30 * 86400,
    });
    if (set.status !== 201) throw new Error(`POST /api/courses/${course.id}/assignments: ${set.status} ${JSON.stringify(set.body)}`);
    const ids = { courseId: course.id, setId: (set.body as { data: { id: number } }).data.id };
    await app.deps.cpu.warm();

    const results = await pooled(chorales, width, async (chorale): Promise<ChoraleResult> => {
      const t0 = performance.now();
      const file = { name: chorale.score_file, bytes: new Uint8Array(fs.readFileSync(path.join(corpus, chorale.score_file))) };
      const voices = await scoreVoices(teacher, ids.courseId, file);
      const keys = withKeys ? await analysisKeys(teacher, ids.courseId, file) : undefined;
      const outcomes: ChoiceOutcome[] = [];
      for (const choice of BACH_CHOICES) outcomes.push(await handInBach(teacher, student, ids, file, choice));
      const ms = performance.now() - t0;
      const summary = outcomes.map((o) => (o.accepted ? `${o.percent}%` : `refused (${o.stage})`)).join(', ');
      console.log(`  ${String(chorale.number).padStart(3, '0')} BWV ${chorale.bwv}: ${summary} [${(ms / 1000).toFixed(1)} s]`);
      return { chorale, voices: 'voices' in voices ? voices.voices : voices.refused, keys, outcomes, ms };
    });

    details = results;
    const seconds = (performance.now() - started) / 1000;
    say(`Part writing on Bach's own voices (issue 35): ${results.length} chorales of ${corpus}`);
    say(
      `${new Date().toISOString()}, commit ${gitHead()}, ${seconds.toFixed(0)} s, ${width} at a time, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const fourVoice = results.filter((r) => r.voices === 4).length;
    say(`the chooser's voices: ${fourVoice} chorales with four voices to choose from, ${results.length - fourVoice} others`);
    for (const r of results.filter((r) => r.voices !== 4)) say(`  ${r.chorale.score_file}: ${r.voices}`);

    const allRules = new Map<string, number>();
    const allCosts = new Map<string, number>();
    let allChords = 0;
    let allGiven = 0;
    for (const [index, choice] of BACH_CHOICES.entries()) {
      const outcomes = results.map((r) => r.outcomes[index] as ChoiceOutcome);
      const f = choiceFigures(choice, outcomes);
      say();
      say(`### ${choice.name} (given=${choice.id})`);
      say(`accepted: ${f.accepted}/${f.tried} (${pct(f.accepted, f.tried)}); Bach's voices handed in and graded: ${f.measured}`);
      for (const [why, count] of [...f.refusals.entries()].sort((a, b) => b[1] - a[1])) {
        const which = results.filter((r) => {
          const o = r.outcomes[index] as ChoiceOutcome;
          return !o.accepted && refusalLine(o) === why;
        });
        const names = which.map((r) => r.chorale.score_file.replace(/\.\w+$/, ''));
        say(`  refused ×${count}: ${why}`);
        say(`    ${names.slice(0, 12).join(' ')}${names.length > 12 ? ' …' : ''}`);
      }
      if (f.measured > 0) {
        say(
          `Bach's score: median ${medianOf(f.percents).toFixed(1)} %, minimum ${Math.min(...f.percents).toFixed(1)} %, ` +
            `mean ${(f.percents.reduce((a, b) => a + b, 0) / f.percents.length).toFixed(1)} %; ≥ 97 %: ${f.percents.filter((p) => p >= 97).length}, ` +
            `< 85 %: ${f.percents.filter((p) => p < 85).length}; without findings: ${f.clean}/${f.measured}`,
        );
        const total = [...f.byRule.values()].reduce((a, b) => a + b, 0);
        const lost = [...f.costByRule.values()].reduce((a, b) => a + b, 0);
        say(
          `findings: ${total} in ${f.chords} chords = ${((100 * total) / f.chords).toFixed(1)} per 100 chords, costing ${lost} points in all (by rule: per 100 chords, count, points)`,
        );
        for (const [rule, count] of [...f.byRule.entries()].sort((a, b) => b[1] - a[1]))
          say(
            `  ${rule.padEnd(28)} ${((100 * count) / f.chords).toFixed(2).padStart(6)} per 100 chords (${count}, ${f.costByRule.get(rule) ?? 0} points)`,
          );
        const unexplained = results
          .filter((r) => {
            const o = r.outcomes[index] as ChoiceOutcome;
            return o.accepted && o.unexplained > 0;
          })
          .map((r) => `${r.chorale.score_file.replace(/\.\w+$/, '')} ${(r.outcomes[index] as { unexplained: number }).unexplained}`);
        say(
          `points lost that no finding explains (chords counted as not written): ${f.unexplained} in ${f.unexplainedIn} chorales${unexplained.length ? ` (${unexplained.slice(0, 12).join(', ')}${unexplained.length > 12 ? ' …' : ''})` : ''}`,
        );
        const givenRules = new Map<string, number>();
        for (const r of results) {
          const o = r.outcomes[index] as ChoiceOutcome;
          if (o.accepted) for (const g of o.givenOnly) givenRules.set(g.rule, (givenRules.get(g.rule) ?? 0) + 1);
        }
        say(
          `findings on given voices only: ${f.givenOnly}${givenRules.size ? ` (${[...givenRules.entries()].map(([rule, n]) => `${rule} ${n}`).join(', ')})` : ''}`,
        );
        const worst = results
          .map((r) => ({ r, o: r.outcomes[index] as ChoiceOutcome }))
          .filter((x): x is { r: ChoraleResult; o: Extract<ChoiceOutcome, { accepted: true }> } => x.o.accepted)
          .sort((a, b) => a.o.percent - b.o.percent)
          .slice(0, 5);
        say(`lowest: ${worst.map((x) => `${x.r.chorale.score_file} ${x.o.percent}%`).join(', ')}`);
        const id = choice.id.replace(',', '');
        record(`part_writing_bach.${id}_accepted_pct`, (100 * f.accepted) / f.tried, '%', { min: 95 });
        record(`part_writing_bach.${id}_median_pct`, medianOf(f.percents), '%', { min: 97 });
        record(`part_writing_bach.${id}_min_pct`, Math.min(...f.percents), '%', { min: 85 });
        for (const [rule, count] of f.byRule) allRules.set(rule, (allRules.get(rule) ?? 0) + count);
        for (const [rule, cost] of f.costByRule) allCosts.set(rule, (allCosts.get(rule) ?? 0) + cost);
        allChords += f.chords;
        allGiven += f.givenOnly;
      } else {
        record(`part_writing_bach.${choice.id.replace(',', '')}_accepted_pct`, 0, '%', { min: 95 });
      }
    }
    say();
    say('### every choice together');
    const total = [...allRules.values()].reduce((a, b) => a + b, 0);
    say(`findings: ${total} in ${allChords} chords = ${allChords ? ((100 * total) / allChords).toFixed(1) : 'n/a'} per 100 chords`);
    for (const [rule, count] of [...allRules.entries()].sort((a, b) => b[1] - a[1]))
      say(
        `  ${rule.padEnd(28)} ${((100 * count) / allChords).toFixed(2).padStart(6)} per 100 chords (${count}, ${allCosts.get(rule) ?? 0} points)`,
      );
    say(
      `the rules that cost Bach most points: ${[...allCosts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([rule, cost]) => `${rule} ${cost}`)
        .join(', ')}`,
    );
    say(`findings on given voices only: ${allGiven}`);
    record('part_writing_bach.given_voice_findings', allGiven, 'findings', { max: 0 });

    if (withKeys) {
      say();
      say("### key: the exercise's (the chooser's) against the analysis path's");
      for (const [index, choice] of BACH_CHOICES.entries()) {
        let compared = 0;
        let same = 0;
        let sameOpening = 0;
        const differ: string[] = [];
        for (const r of results) {
          const o = r.outcomes[index] as ChoiceOutcome;
          if (!o.accepted || !r.keys || 'refused' in r.keys) continue;
          compared += 1;
          const mine = keyToken(o.key);
          if (mine === keyToken(r.keys.key)) same += 1;
          else differ.push(`${r.chorale.score_file} ${o.key} vs ${r.keys.key}`);
          if (mine === keyToken(r.keys.opening)) sameOpening += 1;
        }
        say(
          `${choice.name}: same key as the analysis's ${same}/${compared} (${pct(same, compared)}); ` +
            `as its opening key ${sameOpening}/${compared} (${pct(sameOpening, compared)})`,
        );
        if (differ.length > 0) say(`  differ: ${differ.join('; ')}`);
        if (index === 0) record('part_writing_bach.key_agrees_pct', compared ? (100 * same) / compared : 0, '%', { min: 95 });
        // Who is right: the expert analysis's first key (the corpus manifest's), against each.
        const accepted = results.filter((r) => (r.outcomes[index] as ChoiceOutcome).accepted);
        const chooserRight = accepted.filter(
          (r) => keyToken((r.outcomes[index] as Extract<ChoiceOutcome, { accepted: true }>).key) === keyToken(r.chorale.key),
        ).length;
        const analysisRight = accepted.filter((r) => r.keys && 'key' in r.keys && keyToken(r.keys.key) === keyToken(r.chorale.key)).length;
        say(
          `  against the expert analysis's first key: the exercise's ${chooserRight}/${accepted.length}, the analysis path's ${analysisRight}/${accepted.length}`,
        );
      }
      const refused = results.filter((r) => r.keys && 'refused' in r.keys);
      if (refused.length > 0) say(`the analysis path refused ${refused.length}: ${refused.map((r) => r.chorale.score_file).join(', ')}`);
    }
    say();
    say(
      `time per chorale (three choices${withKeys ? ' and the analysis draft' : ''}): median ${(medianOf(results.map((r) => r.ms)) / 1000).toFixed(1)} s; whole run ${seconds.toFixed(0)} s`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const out = path.join(here, 'results', 'part-writing-bach.txt');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  // Every outcome with its findings, to look into (not committed either).
  fs.writeFileSync(
    out.replace(/\.txt$/, '.json'),
    `${JSON.stringify(
      details.map((r) => ({ chorale: r.chorale.score_file, keys: r.keys, outcomes: r.outcomes })),
      null,
      1,
    )}\n`,
  );
  console.log(`(written to ${path.relative(process.cwd(), out)})`);
}

/** The commit the tree is at (others' uncommitted changes in the tree are measured too). */
function gitHead(): string {
  try {
    return (
      process.env.BENCH_COMMIT ??
      execSync('git rev-parse --short HEAD', { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    );
  } catch {
    return 'unknown';
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPartWritingBachBenchmark();
