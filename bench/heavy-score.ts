// Issue 40: the heaviest score the limits allow, through a running server with its CPU pool warmed
// as main.ts warms it. The score is issue 40's (800 measures, 8,000 notes, four
// `<direction><words>` per beat: 12,800 directions), thinned to what the current limits take (as
// many words as they allow, spread evenly). Per run (median of BENCH_RUNS, default 3), each run a
// new score (another word, so nothing is cached across runs): the `.har` upload into a set, a
// student's first open of its workspace, with another student's part-writing hand-in to another
// document sent half a second into that open, then the student's second open; and a hand-in sent
// half a second into the upload (which lays the score out since issue 40). Times are wall
// milliseconds to the answer; a status other than 2xx is printed beside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeHar } from '../packages/har/src/format.ts';
import { writePartWritingHar } from '../packages/har/src/part-writing/document.ts';
import { scanScore } from '../packages/har/src/score-limits.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { hashPassword } from '../packages/server/src/modules/auth/passwords.ts';
import { insertMembership } from '../packages/server/src/modules/courses/repository.ts';
import { insertUser } from '../packages/server/src/modules/users/repository.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';
import { bassInC, chordAnswers, GOOD } from '../packages/server/test/figured-bass.ts';
import { denseDirectionsScore } from '../packages/server/test/long-score.ts';
import { median, record } from './budget.ts';
import { benchUser } from './users.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DAY = 86400;

type Session = { token: string; csrf: string };

async function signIn(address: string, email: string, password: string): Promise<Session> {
  const csrf = ((await (await fetch(`${address}/api/csrf`)).json()) as { data: { csrf_token: string } }).data.csrf_token;
  const response = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return { token: response.headers.get('x-access-token') ?? '', csrf };
}

/** One request: its wall time, status and JSON body. */
async function call(address: string, session: Session, method: string, url: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${address}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      cookie: `csrftoken=${session.csrf}`,
      'x-csrftoken': session.csrf,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  return { ms: performance.now() - started, status: response.status, json };
}

/**
 * The heaviest form of issue 40's score the current limits take (the issue's own when they take
 * it): all 800 measures and 8,000 notes, and as many of its 12,800 words as the limits allow,
 * spread evenly (the layout pays for each mark along the whole line).
 */
export function heaviestAllowedScore(word: string): { score: string; measures: number; directions: number } {
  const allowed = (directions: number) => scanScore(denseDirectionsScore({ directions, word })).passed === undefined;
  let low = 0;
  let high = 12_800;
  if (allowed(high)) low = high;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (allowed(mid)) low = mid;
    else high = mid - 1;
  }
  return { score: denseDirectionsScore({ directions: low, word }), measures: 800, directions: low };
}

const PART_WRITING = (title: string) => writePartWritingHar(bassInC(title, { points: 10 }));

export async function runHeavyScoreBenchmark() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-heavy-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1' }));
  try {
    await seedDemoData(app.deps, app.services);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const teacher = await signIn(address, 'instructor@example.com', 'DemoPass123');
    const me = (await call(address, teacher, 'GET', '/api/users')).json.data as { course_instructors: { id: number; title: string }[] };
    const course = me.course_instructors.find((c) => c.title === 'Music Theory I') ?? me.course_instructors[0];
    if (!course) throw new Error('the demo instructor has no course');
    // Two students: one opens the heavy score, the other hands in elsewhere meanwhile.
    const now = Math.floor(Date.now() / 1000);
    const password = 'BenchPass123';
    const students: Session[] = [];
    for (const name of ['opens', 'hands-in']) {
      const email = `bench-${name}@example.com`;
      const id = await insertUser(
        app.deps.db,
        benchUser({ email, first_name: 'Bench', last_name: name, user_type: 1, password_hash: await hashPassword(password), now }),
      );
      await insertMembership(app.deps.db, { courseId: course.id, userId: id, role: 'student', now });
      students.push(await signIn(address, email, password));
    }
    const [opener, other] = students as [Session, Session];
    const set = (
      await call(address, teacher, 'POST', `/api/courses/${course.id}/assignments`, {
        title: 'Bench heavy score',
        released_at: now - 60,
        due_at: now + 7 * DAY,
      })
    ).json.data as { id: number };
    const upload = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      return call(address, teacher, 'POST', `/api/assignments/${set.id}/documents`, form);
    };
    await app.deps.cpu.warm();

    const times: Record<'upload' | 'first_open' | 'second_open' | 'hand_in' | 'hand_in_during_upload', number[]> = {
      upload: [],
      first_open: [],
      second_open: [],
      hand_in: [],
      hand_in_during_upload: [],
    };
    const statuses: string[] = [];
    let shape = '';
    for (let run = 1; run <= RUNS; run++) {
      const heavy = heaviestAllowedScore(`dolce${run}`);
      shape = `${heavy.measures} measures, 8,000 notes, ${heavy.directions} words, ${(heavy.score.length / 1024 / 1024).toFixed(2)} MB`;
      const har = writeHar({
        manifest: { format: 'har', version: 1, kind: 'exercise', title: `Heavy ${run}`, exercise_type: 'roman-numeral-analysis' },
        score: heavy.score,
        key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
      } as never);
      const pw = await upload(`pw-${run}.har`, PART_WRITING(`Part writing ${run}`));
      const pwDoc = (pw.json.data as { id: number }[])[0] as { id: number };
      const pwDuringUpload = (await upload(`pw-${run}b.har`, PART_WRITING(`Part writing ${run}b`))).json.data as { id: number }[];
      // The upload, with another student's hand-in sent half a second into it (it lays the score out since issue 40).
      const uploading = upload(`heavy-${run}.har`, har);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const duringUpload = await call(address, other, 'POST', `/api/documents/${pwDuringUpload[0]?.id}/submissions`, {
        answers: chordAnswers(GOOD),
      });
      const up = await uploading;
      times.upload.push(up.ms);
      times.hand_in_during_upload.push(duringUpload.ms);
      const line = [
        `run ${run}: upload ${up.status} ${up.ms.toFixed(0)} ms`,
        `hand-in during the upload ${duringUpload.status} ${duringUpload.ms.toFixed(0)} ms`,
      ];
      const doc = (up.json.data as { id: number }[] | undefined)?.[0];
      if (doc) {
        const first = call(address, opener, 'GET', `/api/documents/${doc.id}/workspace`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const handIn = await call(address, other, 'POST', `/api/documents/${pwDoc.id}/submissions`, {
          answers: chordAnswers(GOOD),
        });
        const opened = await first;
        const again = await call(address, opener, 'GET', `/api/documents/${doc.id}/workspace`);
        times.first_open.push(opened.ms);
        times.hand_in.push(handIn.ms);
        times.second_open.push(again.ms);
        line.push(
          `first open ${opened.status} ${opened.ms.toFixed(0)} ms`,
          `hand-in ${handIn.status} ${handIn.ms.toFixed(0)} ms`,
          `second open ${again.status} ${again.ms.toFixed(0)} ms`,
        );
        if (opened.status !== 200) line.push(`(${opened.json.errors?.[0]?.message})`);
      } else line.push(`(${up.json.errors?.[0]?.message})`);
      statuses.push(line.join(', '));
    }
    console.log(`Heaviest allowed score: ${shape}`);
    for (const line of statuses) console.log(`  ${line}`);
    for (const [name, values] of Object.entries(times)) {
      if (values.length === 0) continue;
      console.log(
        `  ${name.padEnd(12)} median ${median(values).toFixed(0).padStart(7)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`,
      );
      record(`heavy_score.${name}_ms`, median(values), 'ms');
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
