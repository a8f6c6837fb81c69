// Create Exercise on real music: for the largest chorales of the shared corpus (by their analysis's
// labels), where the draft's time goes — MusicXML import, the analysis, Verovio's layout with the
// items placed, the student copy's removed analysis, the answer's JSON — each stage timed in this
// process with Verovio already loaded (median of 5), then POST /api/exercise-drafts end to end
// through a running server's CPU pool, warmed as main.ts warms it (the first upload, one after a
// quiet 65 s — idle threads end after a minute —, and the median of 5), with the answer's size as JSON and on the wire (brotli, as the
// browser asks); the pool task's whole work in this process (`draft_task`: every stage, as the pool runs them); and the save,
// POST /api/exercise-drafts/{id}/exercise into a set and "My exercises" (median of 5).
// Needs the corpus at ../shared/corpora/bach-chorales (skipped without it).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseScore } from '../packages/har/src/analysis/analyze-score.ts';
import { importMusicXml } from '../packages/har/src/musicxml-import.ts';
import { loadToolkit } from '../packages/har/src/render-score.ts';
import { studentScore } from '../packages/har/src/student-score.ts';
import { renderWorkspaceScore } from '../packages/har/src/workspace-score.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { cpuTasks } from '../packages/server/src/lib/cpu-tasks.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { median, record } from './budget.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.BENCH_CORPUS ?? path.resolve(here, '../../shared/corpora/bach-chorales');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SETTINGS = { cadential64: 'V', neapolitan6: 'N' } as const;

type Chorale = { number: number; labels: number; score_file: string };

/** Wall and CPU milliseconds of one call (CPU: this process's threads, so Verovio's own too). */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const value = await work();
  const wall = performance.now() - wall0;
  const used = process.cpuUsage(cpu0);
  return { value, wall, cpu: (used.user + used.system) / 1000 };
}

/** Each stage of the draft as the CPU pool's task runs it, Verovio loaded (median of RUNS). */
async function stages(bytes: Uint8Array) {
  const times: Record<string, { wall: number[]; cpu: number[] }> = {};
  const add = (stage: string, t: { wall: number; cpu: number }) => {
    times[stage] ??= { wall: [], cpu: [] };
    times[stage].wall.push(t.wall);
    times[stage].cpu.push(t.cpu);
  };
  let sizes = { positions: 0, svg: 0 };
  for (let run = 0; run < RUNS; run++) {
    const imported = await timed(() => importMusicXml(bytes));
    add('import', imported);
    const analysis = await timed(() => analyseScore(imported.value.musicxml, SETTINGS));
    add('analysis', analysis);
    const items = analysis.value.positions.map((p) => ({ id: p.id, measure: p.measure, beat: p.beat, points: 1 }));
    const rendered = await timed(() => renderWorkspaceScore(imported.value.musicxml, items));
    add('layout', rendered);
    add('student_copy', await timed(() => studentScore(imported.value.musicxml)));
    // The pool task as it runs: all of the above, the score read as the task reads it.
    add('draft_task', await timed(() => cpuTasks.draftFromUpload(bytes, SETTINGS)));
    sizes = { positions: items.length, svg: rendered.value.svg.length };
  }
  return { times, sizes };
}

function signIn(address: string, email: string) {
  return (async () => {
    const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
    const response = await fetch(`${address}/api/users/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      body: JSON.stringify({ email, password: 'DemoPass123' }),
    });
    if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
    return { token: response.headers.get('x-access-token') ?? '', csrf };
  })();
}

/** One upload as the browser sends it; answers the time, the JSON's size and the bytes on the wire (brotli). */
async function upload(address: string, session: { token: string; csrf: string }, courseId: number, file: string, encoding = 'br, gzip') {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const request = new Request(`${address}/api/exercise-drafts?course_id=${courseId}`, { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const { status, wire } = await new Promise<{ status: number; wire: number }>((resolve, reject) => {
    const req = http.request(
      `${address}/api/exercise-drafts?course_id=${courseId}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.token}`,
          cookie: `csrftoken=${session.csrf}`,
          'x-csrftoken': session.csrf,
          'content-type': request.headers.get('content-type') ?? '',
          'content-length': body.length,
          'accept-encoding': encoding,
        },
      },
      (response) => {
        let wire = 0;
        response.on('data', (chunk: Buffer) => {
          wire += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, wire }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const ms = performance.now() - started;
  if (status !== 201) throw new Error(`POST /api/exercise-drafts: ${status}`);
  return { ms, wire, cpu: cpuMs(cpu0) };
}

type Session = { token: string; csrf: string };
/** This process's CPU milliseconds since `from`: the server's event loop and its pool's threads (and the client's little). */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const headers = (session: Session) => ({
  authorization: `Bearer ${session.token}`,
  cookie: `csrftoken=${session.csrf}`,
  'x-csrftoken': session.csrf,
});

/** A draft of the file, as the browser makes it: its id and positions with their suggestions. */
async function draftOf(address: string, session: Session, courseId: number, file: string) {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await fetch(`${address}/api/exercise-drafts?course_id=${courseId}`, {
    method: 'POST',
    headers: headers(session),
    body: form,
  });
  if (response.status !== 201) throw new Error(`POST /api/exercise-drafts: ${response.status}`);
  return ((await response.json()) as { data: { id: number; positions: { id: string; suggested_answers: string[] }[] } }).data;
}

/** Saves a draft with its suggestions as the key into the set and "My exercises"; answers the time. */
async function save(address: string, session: Session, draft: Awaited<ReturnType<typeof draftOf>>, setId: number) {
  const items = draft.positions
    .filter((p) => p.suggested_answers.length > 0)
    .map((p) => ({ id: p.id, answers: p.suggested_answers.slice(0, 8), points: 1 }));
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(`${address}/api/exercise-drafts/${draft.id}/exercise`, {
    method: 'POST',
    headers: { ...headers(session), 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench chorale', items, assignment_set_id: setId, add_to_library: true }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /api/exercise-drafts/${draft.id}/exercise: ${response.status}`);
  return { ms, items: items.length, cpu: cpuMs(cpu0) };
}

export async function runAuthoringBenchmark() {
  const manifestFile = path.join(corpus, 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.log('Create Exercise on real music: skipped (needs the chorale corpus).');
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Chorale[] | { chorales: Chorale[] };
  const chorales = Array.isArray(manifest) ? manifest : manifest.chorales;
  const largest = [...chorales].sort((a, b) => b.labels - a.labels).slice(0, 2);
  if (largest.length === 0) return;

  await loadToolkit();
  for (const chorale of largest) {
    const { times, sizes } = await stages(new Uint8Array(fs.readFileSync(path.join(corpus, chorale.score_file))));
    console.log(
      `Chorale ${chorale.number}: ${sizes.positions} positions, SVG ${(sizes.svg / 1024).toFixed(0)} KB (stages, median of ${RUNS})`,
    );
    for (const [stage, t] of Object.entries(times)) {
      console.log(`  ${stage.padEnd(13)} ${median(t.wall).toFixed(0).padStart(6)} ms wall ${median(t.cpu).toFixed(0).padStart(6)} ms CPU`);
      if (chorale === largest[0]) record(`authoring.stage_${stage}_ms`, median(t.wall), 'ms');
    }
  }

  const longest = largest[0] as Chorale;
  const file = path.join(corpus, longest.score_file);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-authoring-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1' }));
  try {
    await seedDemoData(app.deps, app.services);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const teacher = await signIn(address, 'instructor@example.com');
    const me = (await (await fetch(`${address}/api/users`, { headers: { authorization: `Bearer ${teacher.token}` } })).json()) as {
      data: { course_instructors: { id: number; title: string }[] };
    };
    const course = me.data.course_instructors.find((c) => c.title === 'Music Theory I') ?? me.data.course_instructors[0];
    if (!course) throw new Error('the demo instructor has no course');
    // As main.ts starts a serving instance: the pool's thread that stays, with Verovio (decision 048).
    const warming = await timed(() => app.deps.cpu.warm());
    const first = await upload(address, teacher, course.id, file);
    const plain = await upload(address, teacher, course.id, file, 'identity');
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await upload(address, teacher, course.id, file));
    // An instructor's next upload usually comes after a quiet minute, when idle threads have ended.
    await new Promise((resolve) => setTimeout(resolve, 65_000));
    const afterQuiet = await upload(address, teacher, course.id, file);
    // The save: the confirmed key written as a .har into a set and "My exercises".
    const setResponse = await fetch(`${address}/api/courses/${course.id}/assignments`, {
      method: 'POST',
      headers: { ...headers(teacher), 'content-type': 'application/json' },
      body: '{}',
    });
    const setId = ((await setResponse.json()) as { data: { id: number } }).data.id;
    const saves = [];
    for (let run = 0; run < RUNS; run++) saves.push(await save(address, teacher, await draftOf(address, teacher, course.id, file), setId));
    const ms = median(runs.map((r) => r.ms));
    const wire = median(runs.map((r) => r.wire));
    console.log(`POST /api/exercise-drafts, chorale ${longest.number} (through the CPU pool)`);
    console.log(`  pool warmed as main.ts does (a thread starts, Verovio loads): ${warming.wall.toFixed(0)} ms`);
    console.log(`  first upload: ${first.ms.toFixed(0)} ms`);
    console.log(`  after a quiet 65 s: ${afterQuiet.ms.toFixed(0)} ms`);
    console.log(`  then (median of ${RUNS}): ${ms.toFixed(0)} ms  [${runs.map((r) => r.ms.toFixed(0)).join(', ')}]`);
    console.log(`  CPU of the process (median of ${RUNS}): ${median(runs.map((r) => r.cpu)).toFixed(0)} ms`);
    console.log(`  answer: ${(plain.wire / 1024).toFixed(0)} KB of JSON, ${(wire / 1024).toFixed(0)} KB on the wire (brotli)`);
    const saveMs = median(saves.map((s) => s.ms));
    console.log(
      `POST /api/exercise-drafts/{id}/exercise, chorale ${longest.number}, ${saves[0]?.items} items, into a set and "My exercises"`,
    );
    console.log(`  median of ${RUNS}: ${saveMs.toFixed(0)} ms  [${saves.map((s) => s.ms.toFixed(0)).join(', ')}]`);
    console.log(`  CPU of the process (median of ${RUNS}): ${median(saves.map((s) => s.cpu)).toFixed(0)} ms`);
    record('authoring.save_ms', saveMs, 'ms');
    record('authoring.save_cpu_ms', median(saves.map((s) => s.cpu)), 'ms');
    record('authoring.draft_cpu_ms', median(runs.map((r) => r.cpu)), 'ms');
    record('authoring.draft_json_kb', plain.wire / 1024, 'KB');
    record('authoring.draft_first_ms', first.ms, 'ms');
    record('authoring.draft_after_quiet_ms', afterQuiet.ms, 'ms', { max: 3000 });
    record('authoring.draft_ms', ms, 'ms', { max: 3000 });
    record('authoring.draft_wire_kb', wire / 1024, 'KB');
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `  (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runAuthoringBenchmark();
