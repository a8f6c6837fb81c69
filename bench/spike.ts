// `npm run bench -- spike [--students N] [--duration S] [--setup sqlite|pg]` (issue 29): the deadline
// spike. N students of one course (default 1,000), each at a random moment of a window of S seconds
// (default 60), open the workspace of an 8-chord exercise, autosave three times 2–5 s apart and hand
// in once (half all right, half with four wrong chords); a fraction of them (`--views`, default 0.1)
// then open their submission, whose image and report are drawn on that first view (decision 042).
// Then every stored submission is checked
// against the key, with best_submissions, failed jobs and the instructor's grade book. Prints errors,
// lost, wrong grades, p50/p95/p99 per kind, the render drain time and the CPU per request kind
// (measured one request at a time before the spike). Setups, each the built server as real
// processes (packages/server/test/scale/cluster.ts): `sqlite` — one instance as `npm start` runs it;
// `pg` — our own PostgreSQL cluster and s3rver, two web-only instances and one worker. Loopback only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeHar } from '@app/har/format';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { hashSecret, newSecret } from '../packages/server/src/lib/random.ts';
import { buildBundle } from '../packages/server/test/scale/bundle.ts';
import { bundleDir, Instance, PgCluster, say, startS3, until, wait } from '../packages/server/test/scale/cluster.ts';
import { benchUser } from './users.ts';

type Setup = 'sqlite' | 'pg';
type Kind = 'open' | 'autosave' | 'hand-in' | 'view';

function option(name: string, fallback: string): string {
  const args = process.argv;
  const at = args.indexOf(`--${name}`);
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
}

const CSRF = 'spike-bench-csrf';
const REQUEST_TIMEOUT_MS = 60_000;
const DRAIN_LIMIT_MS = 15 * 60_000;
const CALIBRATION = 30;

// The exercise: eight whole-note chords in C major, one a measure, keyed by Roman numeral.
const PROGRESSION: { numeral: string; notes: [string, number][] }[] = [
  {
    numeral: 'I',
    notes: [
      ['C', 3],
      ['E', 4],
      ['G', 4],
      ['C', 5],
    ],
  },
  {
    numeral: 'IV',
    notes: [
      ['F', 3],
      ['F', 4],
      ['A', 4],
      ['C', 5],
    ],
  },
  {
    numeral: 'V',
    notes: [
      ['G', 3],
      ['D', 4],
      ['G', 4],
      ['B', 4],
    ],
  },
  {
    numeral: 'I',
    notes: [
      ['C', 3],
      ['E', 4],
      ['G', 4],
      ['C', 5],
    ],
  },
  {
    numeral: 'vi',
    notes: [
      ['A', 2],
      ['E', 4],
      ['A', 4],
      ['C', 5],
    ],
  },
  {
    numeral: 'ii',
    notes: [
      ['D', 3],
      ['D', 4],
      ['F', 4],
      ['A', 4],
    ],
  },
  {
    numeral: 'V',
    notes: [
      ['G', 2],
      ['D', 4],
      ['G', 4],
      ['B', 4],
    ],
  },
  {
    numeral: 'I',
    notes: [
      ['C', 3],
      ['E', 4],
      ['G', 4],
      ['C', 5],
    ],
  },
];
const WRONG: Record<string, string> = { I: 'iii', IV: 'ii', V: 'vii°', vi: 'IV', ii: 'V' };

function exerciseScore() {
  const measures = PROGRESSION.map((chord, i) => {
    const attributes =
      i === 0
        ? '<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>'
        : '';
    const notes = chord.notes
      .map(
        ([step, octave], n) =>
          `<note>${n > 0 ? '<chord/>' : ''}<pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>4</duration><type>whole</type></note>`,
      )
      .join('');
    return `<measure number="${i + 1}">${attributes}${notes}</measure>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list>
<part id="P1">${measures.join('')}</part></score-partwise>`;
}

const ITEMS = PROGRESSION.map((chord, i) => ({ id: `m${i + 1}b1`, measure: i + 1, beat: 1, answers: [chord.numeral], points: 1 }));

/** A student's answers: all right, or the even chords wrong (4 of 8). `filled` answers only the first n. */
function answersFor(right: boolean, filled = ITEMS.length) {
  return ITEMS.slice(0, filled).map((item, i) => ({
    id: item.id,
    answer: right || i % 2 === 1 ? (item.answers[0] as string) : (WRONG[item.answers[0] as string] as string),
  }));
}
const expectedPoints = (right: boolean) => (right ? ITEMS.length : ITEMS.length / 2);

/** CPU seconds (user + system) of a process and, with `children`, of its direct children. */
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

type Student = { id: number; token: string; right: boolean };

export async function runSpikeBenchmark() {
  const setup = option('setup', 'sqlite') as Setup;
  const students = Number(option('students', '1000'));
  const duration = Number(option('duration', '60'));
  const views = Number(option('views', '0.1'));
  if (
    !['sqlite', 'pg'].includes(setup) ||
    !(students > 0 && students <= 20_000) ||
    !(duration > 0 && duration <= 3600) ||
    !(views >= 0 && views <= 1)
  ) {
    throw new Error('spike: --setup sqlite|pg, --students 1..20000, --duration 1..3600 seconds, --views 0..1');
  }
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-spike-'));
  const dataDir = path.join(logs, 'data');
  const pgCluster = setup === 'pg' ? new PgCluster() : undefined;
  const s3 = setup === 'pg' ? await startS3() : undefined;
  const instances: Instance[] = [];
  try {
    say(
      `spike: ${students} students in ${duration} s, ${views * 100}% view their submission, setup ${setup}; load average ${load()}; logs in ${logs}`,
    );
    buildBundle();
    const common = { DATA_DIR: dataDir, FILES_SECRET: 'spike-files-secret-0123456789abcdef0123', LOG_LEVEL: 'warn' };
    let webs: Instance[];
    let dbConfig: { databaseUrl: string | undefined; dataDir: string; databaseSchema: undefined };
    if (pgCluster && s3) {
      await pgCluster.start();
      const shared = { ...common, DATABASE_URL: pgCluster.url, STORAGE_URL: s3.url, MIGRATE_ON_START: '0' };
      execFileSync(process.execPath, [path.join(bundleDir, 'migrate.js')], { env: { ...process.env, ...shared }, stdio: 'inherit' });
      const web1 = new Instance('web1', { ...shared, JOBS_CONCURRENCY: '0', DEMO_DATA: '1' }, logs);
      const web2 = new Instance('web2', { ...shared, JOBS_CONCURRENCY: '0', DEMO_DATA: '1' }, logs);
      const worker = new Instance('worker', { ...shared, ROLE: 'worker' }, logs);
      instances.push(web1, web2, worker);
      webs = [web1, web2];
      dbConfig = { databaseUrl: pgCluster.url, dataDir, databaseSchema: undefined };
    } else {
      const one = new Instance('server', { ...common, DEMO_DATA: '1' }, logs);
      instances.push(one);
      webs = [one];
      dbConfig = { databaseUrl: undefined, dataDir, databaseSchema: undefined };
    }
    await Promise.all(instances.map((i) => i.start()));
    await Promise.all(instances.map((i) => i.ready(300_000)));
    // The demo data is made by one instance under a lease: wait for its instructor.
    const instructorToken = await until(
      'the demo instructor',
      async () => {
        const res = await fetch(`${webs[0]?.url}/api/users/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
          body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
        });
        return res.status === 200 ? (res.headers.get('x-access-token') ?? undefined) : undefined;
      },
      180_000,
      500,
    );

    async function call(base: string, token: string, method: string, url: string, body?: unknown, form?: FormData) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : {}) as { data?: unknown; errors?: unknown } };
    }
    const base = (i: number) => (webs[i % webs.length] as Instance).url;

    // The course, its set and the exercise, made as an instructor makes them.
    const course = await call(base(0), instructorToken, 'POST', '/api/courses', { title: 'Deadline spike' });
    if (course.status !== 201) throw new Error(`course: ${course.status} ${JSON.stringify(course.json)}`);
    const courseId = (course.json.data as { id: number }).id;
    const set = await call(base(0), instructorToken, 'POST', `/api/courses/${courseId}/assignments`, { title: 'Due tonight' });
    if (set.status !== 201) throw new Error(`set: ${set.status} ${JSON.stringify(set.json)}`);
    const setId = (set.json.data as { id: number }).id;
    const har = writeHar({
      manifest: { format: 'har', version: 1, kind: 'exercise', title: 'Eight chords', exercise_type: 'roman-numeral-analysis' },
      score: exerciseScore(),
      key: { items: ITEMS },
    });
    const form = new FormData();
    form.append('file', new Blob([har]), 'eight-chords.har');
    const doc = await call(base(0), instructorToken, 'POST', `/api/assignments/${setId}/documents`, undefined, form);
    if (doc.status !== 201) throw new Error(`document: ${doc.status} ${JSON.stringify(doc.json)}`);
    const documentId = (doc.json.data as { id: number }[])[0]?.id as number;

    // The students, their memberships and sessions, written straight into the database (as the
    // demo seed writes its users): 1,000 sign-ups over HTTP would measure password hashing instead.
    const handle = openDatabase(dbConfig);
    const now = Math.floor(Date.now() / 1000);
    // The set is due tonight and released an hour ago (a new set's dates are in the future).
    await handle.db
      .updateTable('assignment_sets')
      .set({ released_at: now - 3600, due_at: now + 6 * 3600 })
      .where('id', '=', setId)
      .execute();
    const everyone: Student[] = [];
    const total = students + CALIBRATION;
    for (let from = 0; from < total; from += 500) {
      const batch = Array.from({ length: Math.min(500, total - from) }, (_, k) => from + k);
      const ids = await handle.db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('users')
          .values(
            batch.map((i) =>
              benchUser({
                email: `spike${i + 1}@bench.example.com`,
                first_name: `Spike${i + 1}`,
                last_name: 'Student',
                user_type: 1,
                password_hash: null,
                now,
              }),
            ),
          )
          .returning('id')
          .execute();
        await trx
          .insertInto('course_memberships')
          .values(
            rows.map((r) => ({ course_id: courseId, user_id: r.id, role: 'student' as const, archived: 0, weight: 0, created_at: now })),
          )
          .execute();
        const tokens = rows.map(() => newSecret());
        await trx
          .insertInto('sessions')
          .values(
            rows.map((r, k) => ({
              token_hash: hashSecret(tokens[k] as string),
              user_id: r.id,
              created_at: now,
              expires_at: now + 86_400,
              absolute_expires_at: now + 86_400,
              revoked_at: null,
              ip: '127.0.0.1',
              user_agent: 'spike-bench',
            })),
          )
          .execute();
        return rows.map((r, k) => ({ id: r.id, token: tokens[k] as string }));
      });
      for (const [k, row] of ids.entries()) everyone.push({ ...row, right: (from + k) % 2 === 0 });
    }
    const calibration = everyone.slice(students);
    const crowd = everyone.slice(0, students);
    // Wait for the exercise's own preview job so that the figures below count only our requests.
    const drained = async () => {
      const row = await handle.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n) === 0;
    };
    await until('the setup jobs', async () => ((await drained()) ? true : undefined), 300_000, 250);

    // --- CPU per request kind: one at a time, summed over every server process --------------------
    const pgRoot = pgCluster ? Number(fs.readFileSync(path.join(pgCluster.base, 'data/postmaster.pid'), 'utf8').split('\n')[0]) : 0;
    const serverCpu = () => {
      let web = 0;
      let worker = 0;
      for (const instance of instances) {
        const pid = instance.pid as number;
        const own = cpuOf(pid) + childrenOf(pid).reduce((n, c) => n + cpuOf(c), 0);
        if (instance.name === 'worker') worker += own;
        else web += own;
      }
      // Backends that have exited take their CPU with them: over long spans this undercounts.
      const database = pgRoot ? cpuOf(pgRoot) + childrenOf(pgRoot).reduce((n, c) => n + cpuOf(c), 0) : 0;
      return { web, worker, database, all: web + worker + database };
    };
    const cpuPer: Record<string, number> = {};
    async function measure(label: string, run: (s: Student, i: number) => Promise<void>) {
      const before = serverCpu();
      for (const [i, s] of calibration.entries()) await run(s, i);
      const after = serverCpu();
      // Requests only: the worker's renders run meanwhile (on SQLite they share the one process).
      cpuPer[label] = ((after.web + after.database - before.web - before.database) * 1000) / calibration.length;
    }
    const must = (label: string, r: { status: number; json: unknown }, want: number) => {
      if (r.status !== want) throw new Error(`${label}: ${r.status} ${JSON.stringify(r.json)}`);
    };
    const workspaceUrl = `/api/documents/${documentId}/workspace`;
    const draftUrl = `/api/documents/${documentId}/draft`;
    const handInUrl = `/api/documents/${documentId}/submissions`;
    // Each web instance lays the exercise out once, on its first open: not a per-request cost.
    for (const [i] of webs.entries()) must('first open', await call(base(i), calibration[0]?.token as string, 'GET', workspaceUrl), 200);
    await measure('open', async (s, i) => must('open', await call(base(i), s.token, 'GET', workspaceUrl), 200));
    await measure('autosave', async (s, i) =>
      must('autosave', await call(base(i), s.token, 'PUT', draftUrl, { answers: answersFor(s.right, 4) }), 200),
    );
    const beforeHandIns = serverCpu();
    const calibrated = new Map<number, number>();
    await measure('hand-in (request)', async (s, i) => {
      const r = await call(base(i), s.token, 'POST', handInUrl, { answers: answersFor(s.right) });
      must('hand-in', r, 201);
      calibrated.set(s.id, (r.json.data as { id: number }).id);
    });
    const beforeRenders = serverCpu();
    await until('the calibration renders', async () => ((await drained()) ? true : undefined), 300_000, 100);
    const afterRenders = serverCpu();
    cpuPer['hand-in (render, background)'] = ((afterRenders.all - beforeRenders.all) * 1000) / calibration.length;
    cpuPer['hand-in (all)'] = ((afterRenders.all - beforeHandIns.all) * 1000) / calibration.length;
    // A student's first view of their submission draws its image and report (decision 042); the second finds them.
    const viewUrl = (s: Student) => `/api/submissions/${calibrated.get(s.id)}/file-urls`;
    await measure('first view (draws)', async (s, i) => must('first view', await call(base(i), s.token, 'GET', viewUrl(s)), 200));
    await measure('view again', async (s, i) => must('view again', await call(base(i), s.token, 'GET', viewUrl(s)), 200));

    // --- The spike -------------------------------------------------------------------------------
    const latencies: Record<Kind, number[]> = { open: [], autosave: [], 'hand-in': [], view: [] };
    const viewed = new Set<number>();
    const errors: string[] = [];
    const handedIn = new Map<number, number>();
    let lastHandIn = 0;
    const timed = async (kind: Kind, i: number, s: Student, method: string, url: string, body?: unknown) => {
      const started = performance.now();
      try {
        const r = await call(base(i), s.token, method, url, body);
        latencies[kind].push(performance.now() - started);
        const want = kind === 'hand-in' ? 201 : 200;
        if (r.status !== want) errors.push(`${kind} ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
        return r;
      } catch (error) {
        latencies[kind].push(performance.now() - started);
        errors.push(`${kind}: ${(error as Error).message}`);
        return undefined;
      }
    };
    const pause = () => wait(2000 + Math.random() * 3000);
    const cpuBefore = serverCpu();
    const loadBefore = load();
    say(`spike begins (load average ${loadBefore})`);
    const began = performance.now();
    await Promise.all(
      crowd.map(async (s, i) => {
        await wait(Math.random() * duration * 1000);
        await timed('open', i, s, 'GET', workspaceUrl);
        for (let save = 1; save <= 3; save++) {
          await pause();
          await timed('autosave', i, s, 'PUT', draftUrl, { answers: answersFor(s.right, Math.ceil((save * ITEMS.length) / 3)) });
        }
        await pause();
        const r = await timed('hand-in', i, s, 'POST', handInUrl, { answers: answersFor(s.right) });
        if (r?.status === 201) handedIn.set(s.id, (r.json.data as { id: number }).id);
        lastHandIn = performance.now();
        const submissionId = handedIn.get(s.id);
        if (submissionId === undefined || Math.random() >= views) return;
        // The submission page: its links (the image and report drawn now), then the image itself.
        await pause();
        const files = await timed('view', i, s, 'GET', `/api/submissions/${submissionId}/file-urls`);
        const png = (files?.json.data as { png_url?: string | null } | undefined)?.png_url;
        if (!png) {
          if (files?.status === 200) errors.push(`view: no image ${JSON.stringify(files.json).slice(0, 200)}`);
          return;
        }
        try {
          const image = await fetch(png.startsWith('/') ? `${base(i)}${png}` : png, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          const bytes = new Uint8Array(await image.arrayBuffer());
          if (image.status !== 200 || String.fromCharCode(...bytes.subarray(1, 4)) !== 'PNG') errors.push(`view: image ${image.status}`);
          else viewed.add(s.id);
        } catch (error) {
          errors.push(`view: image ${(error as Error).message}`);
        }
      }),
    );
    const spikeSeconds = (performance.now() - began) / 1000;
    const loadAfter = load();
    const cpuSpike = serverCpu();
    say(`spike over after ${spikeSeconds.toFixed(1)} s (load average ${loadAfter}); waiting for the renders`);
    await until('the renders', async () => ((await drained()) ? true : undefined), DRAIN_LIMIT_MS, 250);
    const drainAfterLast = (performance.now() - lastHandIn) / 1000;
    const drainFromStart = (performance.now() - began) / 1000;
    const cpuDrained = serverCpu();

    // --- Checks ----------------------------------------------------------------------------------
    const byStudent = new Map(everyone.map((s) => [s.id, s]));
    const stored = await handle.db
      .selectFrom('submissions')
      .select(['id', 'student_id', 'points', 'max_points', 'render_status'])
      .where('document_id', '=', documentId)
      .execute();
    const best = await handle.db
      .selectFrom('best_submissions')
      .select(['student_id', 'submission_id', 'points'])
      .where('document_id', '=', documentId)
      .execute();
    const failedJobs = await handle.db.selectFrom('jobs').select(['name', 'last_error']).where('status', '=', 'failed').execute();
    const book = await call(base(0), instructorToken, 'GET', `/api/courses/${courseId}/grade-book?submissions=all`);
    await handle.destroy();
    const cells = book.json.data as { student: number[]; document: number[]; id: number[]; points: number[] } | undefined;
    const storedBy = new Map<number, typeof stored>();
    for (const row of stored) storedBy.set(row.student_id, [...(storedBy.get(row.student_id) ?? []), row]);
    const bestBy = new Map(best.map((b) => [b.student_id, b]));
    const bookBy = new Map<number, { id: number; points: number }[]>();
    cells?.document.forEach((d, k) => {
      if (d !== documentId) return;
      const student = cells.student[k] as number;
      bookBy.set(student, [...(bookBy.get(student) ?? []), { id: cells.id[k] as number, points: cells.points[k] as number }]);
    });
    let lost = 0;
    let wrong = 0;
    const problems: string[] = [];
    for (const s of crowd) {
      const acknowledged = handedIn.get(s.id);
      const rows = storedBy.get(s.id) ?? [];
      const want = expectedPoints(s.right);
      if (acknowledged !== undefined && !rows.some((r) => r.id === acknowledged)) {
        lost++;
        problems.push(`student ${s.id}: submission ${acknowledged} acknowledged but not stored`);
      }
      if (rows.length > 1) problems.push(`student ${s.id}: ${rows.length} submissions for one hand-in`);
      for (const r of rows) {
        if (r.points !== want || r.max_points !== ITEMS.length) {
          wrong++;
          problems.push(`student ${s.id}: stored ${r.points}/${r.max_points}, key gives ${want}/${ITEMS.length}`);
        }
        // Drawn on first view only (decision 042): what was viewed is drawn, what was not is not.
        if (viewed.has(s.id) && r.render_status !== 'READY') problems.push(`student ${s.id}: viewed image ${r.render_status}`);
        if (!viewed.has(s.id) && r.render_status === 'READY') problems.push(`student ${s.id}: drawn without a view`);
      }
      const b = bestBy.get(s.id);
      if (rows.length > 0 && (!b || b.points !== want)) {
        wrong++;
        problems.push(`student ${s.id}: best_submissions ${b ? b.points : 'missing'}, key gives ${want}`);
      }
      const inBook = bookBy.get(s.id) ?? [];
      if (rows.length > 0 && !(inBook.length === rows.length && inBook.every((c) => c.points === want))) {
        wrong++;
        problems.push(`student ${s.id}: grade book ${JSON.stringify(inBook)}, key gives ${want}`);
      }
    }
    for (const [id] of storedBy) if (!byStudent.has(id)) problems.push(`a submission by user ${id}, not a bench student`);

    // --- Report ----------------------------------------------------------------------------------
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(`\nDeadline spike, setup ${setup}: ${students} students in ${duration} s (${os.cpus().length} cores)`);
    console.log(`  load average before ${loadBefore}, after the spike ${loadAfter}`);
    console.log(
      `  spike took ${spikeSeconds.toFixed(1)} s; hand-ins acknowledged ${handedIn.size} of ${students}; submissions viewed ${viewed.size}`,
    );
    console.log(`  errors ${errors.length}, lost ${lost}, wrong grades ${wrong}, failed jobs ${failedJobs.length}`);
    for (const kind of ['open', 'autosave', 'hand-in', 'view'] as Kind[]) {
      const v = latencies[kind];
      console.log(
        `  ${kind.padEnd(8)} n=${String(v.length).padStart(5)}  p50 ${ms(percentile(v, 50))}  p95 ${ms(percentile(v, 95))}  p99 ${ms(percentile(v, 99))}  max ${ms(Math.max(...v))}`,
      );
    }
    console.log(`  renders drained ${drainAfterLast.toFixed(1)} s after the last hand-in (${drainFromStart.toFixed(1)} s from the start)`);
    const spentAll = (a: ReturnType<typeof serverCpu>, b: ReturnType<typeof serverCpu>) => b.all - a.all;
    const spent = (a: ReturnType<typeof serverCpu>, b: ReturnType<typeof serverCpu>) =>
      `web ${(b.web - a.web).toFixed(1)} s, worker ${(b.worker - a.worker).toFixed(1)} s, PostgreSQL ${(b.database - a.database).toFixed(1)} s`;
    console.log(`  server CPU during the spike: ${spent(cpuBefore, cpuSpike)}; until drained: ${spent(cpuBefore, cpuDrained)}`);
    console.log(
      `  CPU per request, one at a time (${CALIBRATION} each; ${setup === 'pg' ? 'web instances and PostgreSQL for requests, all for renders; s3rver not counted' : 'the one process, renders running meanwhile included'}):`,
    );
    console.log(`    per student, all in (spike until drained)  ${((spentAll(cpuBefore, cpuDrained) * 1000) / students).toFixed(0)} ms`);
    for (const [label, value] of Object.entries(cpuPer)) console.log(`    ${label.padEnd(30)} ${value.toFixed(1)} ms`);
    for (const line of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${line}`);
    for (const line of problems.slice(0, 10)) console.log(`  problem: ${line}`);
    for (const job of failedJobs.slice(0, 5)) console.log(`  failed job ${job.name}: ${job.last_error?.slice(0, 200)}`);
    if (!cells) console.log(`  grade book: ${book.status} ${JSON.stringify(book.json).slice(0, 200)}`);
  } finally {
    for (const instance of instances) instance.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited(10_000).catch(() => undefined)));
    await s3?.close();
    pgCluster?.destroy();
    fs.rmSync(bundleDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP_LOGS) fs.rmSync(logs, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runSpikeBenchmark();
