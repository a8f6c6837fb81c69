// `npm run test:scale`: the scaled deployment as real processes — our own PostgreSQL cluster, an
// S3 stand-in (s3rver), two web-only instances and one worker running the built server — then the
// faults of issue 17: kill -9 of the worker mid-job, a PostgreSQL restart under load, SIGTERM during
// an upload, kill -9 of a web instance mid-upload, and the orphan sweep. Prints the figures; exits
// non-zero on the first broken guarantee. SCALE_KILLS sets how many web kills (default 3).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeHar } from '@app/har/format';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { makeTone, makeVideo } from '../media-samples.ts';
import { SMALL_SCORE } from '../small-score.ts';
import { buildBundle } from './bundle.ts';
import { bundleDir, Instance, PgCluster, say, startS3, until, wait } from './cluster.ts';

const KILLS = Number(process.env.SCALE_KILLS ?? 3);
const BUDGET_SECONDS = Number(process.env.SCALE_BUDGET_SECONDS ?? 480);
const METRICS_TOKEN = 'scale-test-metrics-token-0123456789';
const CSRF = 'scale-test-csrf-token';

const figures: Record<string, string | number> = {};
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${message}`);
  say(`ok: ${message}`);
}

const har = (title: string) =>
  Buffer.from(
    writeHar({
      manifest: { format: 'har', version: 1, kind: 'exercise', title, exercise_type: 'roman-numeral-analysis' },
      score: SMALL_SCORE,
      key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
    }),
  );

function multipart(field: string, files: { name: string; bytes: Buffer }[]) {
  const boundary = `----scale${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A signed-in caller that can talk to any instance: sessions and CSRF live in the database and the request. */
class Caller {
  token = '';
  headers(extra: Record<string, string> = {}) {
    return {
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }
  async signIn(base: string, email: string, password: string) {
    const res = await fetch(`${base}/api/users/sign-in`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    this.token = res.headers.get('x-access-token') ?? '';
  }
  async json(base: string, method: string, url: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as { data?: unknown; errors?: unknown[] }) : {}, headers: res.headers };
  }
  async upload(base: string, url: string, form: { body: Buffer; contentType: string }, extra: Record<string, string> = {}) {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': form.contentType, ...extra }),
      body: form.body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as { data?: unknown }) : {} };
  }
}

/** Sends a body slowly over a raw connection; resolves with the status once answered. */
function slowUpload(
  base: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  pieces: number,
  pauseMs: number,
  onFirstPiece: () => void,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const target = new URL(url, base);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...headers, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    const size = Math.ceil(body.length / pieces);
    void (async () => {
      for (let i = 0; i < pieces; i++) {
        request.write(body.subarray(i * size, (i + 1) * size));
        if (i === 0) onFirstPiece();
        await wait(pauseMs);
      }
      request.end();
    })();
  });
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`test:scale ran longer than its budget of ${BUDGET_SECONDS} s`);
    process.exit(2);
  }, BUDGET_SECONDS * 1000);
  deadline.unref();
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-scale-logs-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-scale-data-'));
  const pgCluster = new PgCluster();
  const s3 = await startS3();
  const instances: Instance[] = [];
  try {
    say('building the server (scripts/build-server.mjs)');
    buildBundle();
    await pgCluster.start();
    say(`PostgreSQL on port ${pgCluster.port}; s3rver at ${s3.endpoint}; logs in ${logs}`);

    const shared = {
      DATABASE_URL: pgCluster.url,
      STORAGE_URL: s3.url,
      DATA_DIR: dataDir,
      FILES_SECRET: 'scale-test-files-secret-0123456789abcdef',
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      MIGRATE_ON_START: '0',
      DATABASE_POOL_SIZE: '8',
      SHUTDOWN_GRACE_SECONDS: '20',
      SHUTDOWN_DRAIN_SECONDS: '2',
    };
    say('npm run migrate (the built migrate command)');
    execFileSync(process.execPath, [path.join(bundleDir, 'migrate.js')], {
      env: { ...process.env, ...shared },
      stdio: 'inherit',
    });

    // Two web-only instances start at once on the new database, both asked for demo data.
    const web1 = new Instance('web1', { ...shared, JOBS_CONCURRENCY: '0', DEMO_DATA: '1' }, logs);
    const web2 = new Instance('web2', { ...shared, JOBS_CONCURRENCY: '0', DEMO_DATA: '1' }, logs);
    const worker = new Instance(
      'worker',
      { ...shared, ROLE: 'worker', JOBS_CONCURRENCY: '2', ORPHAN_GRACE_SECONDS: '10', SWEEP_INTERVAL_SECONDS: '5' },
      logs,
    );
    instances.push(web1, web2, worker);
    await Promise.all([web1.start(), web2.start(), worker.start()]);
    const startMs = await Promise.all([web1.ready(), web2.ready(), worker.ready()]);
    say(`ready: web1 ${startMs[0]} ms, web2 ${startMs[1]} ms, worker ${startMs[2]} ms (concurrent start, demo data made by one)`);

    // A pool (with an error listener) survives the restart below.
    const db = new pg.Pool({ connectionString: pgCluster.url, max: 2 });
    db.on('error', () => {});
    const sqlValue = async (text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows[0] as Record<string, unknown> | undefined;
    const dup = await db.query(`select title, count(*)::int as n from courses group by title having count(*) > 1`);
    const courses = Number((await sqlValue('select count(*)::int as n from courses'))?.n);
    check(
      courses > 0 && dup.rows.length === 0,
      `demo data made once by two instances starting together (${courses} courses, no duplicates)`,
    );

    // --- Smoke through both web instances ---------------------------------------------------------
    const teacher = new Caller();
    await teacher.signIn(web1.url, 'instructor@example.com', 'DemoPass123');
    const course = await teacher.json(web2.url, 'POST', '/api/courses', { title: 'Scale test' });
    check(course.status === 201, 'signed in on web1, created a course on web2 with the same session');
    const courseId = (course.body.data as { id: number }).id;
    const set = await teacher.json(web1.url, 'POST', `/api/courses/${courseId}/assignments`, {});
    const setId = (set.body.data as { id: number }).id;
    const doc = await teacher.upload(
      web2.url,
      `/api/assignments/${setId}/documents`,
      multipart('file', [{ name: 'smoke.har', bytes: har('Smoke') }]),
    );
    check(doc.status === 201, 'uploaded a document on web2');
    const docId = (doc.body.data as { id: number }[])[0]?.id;
    await until(
      'the preview',
      async () => {
        const res = await teacher.json(web1.url, 'GET', `/api/documents/${docId}/preview-url`);
        return (res.body.data as { status: string }).status === 'READY' ? true : undefined;
      },
      60_000,
    );
    check(true, 'its preview was made by the worker and is READY on web1');

    const collection = await teacher.json(web1.url, 'POST', '/api/media-collections', { collection_title: 'Scale media' });
    const collectionId = (collection.body.data as { id: number }).id;
    const tone = await makeTone(2);
    const media = await teacher.upload(
      web1.url,
      `/api/media-collections/${collectionId}/media-files`,
      multipart('mediafile', [{ name: 'tone.wav', bytes: tone }]),
    );
    check(media.status === 201, 'uploaded a media file on web1');
    const mediaId = (media.body.data as { id: number }).id;
    await until(
      'the transcode',
      async () => {
        const res = await teacher.json(web2.url, 'GET', `/api/media-files/${mediaId}`);
        return (res.body.data as { transcode_status: string }).transcode_status === 'COMPLETED' ? true : undefined;
      },
      90_000,
    );
    const transcodeRuns = () =>
      worker
        .log()
        .split('\n')
        .filter((l) => l.includes('"media transcoded"') && l.includes(`"mediaFileId":${mediaId},`)).length;
    // The status is stored just before the source is removed and the line logged.
    await until('the transcode log line', async () => (transcodeRuns() > 0 ? true : undefined), 10_000);
    await wait(2000);
    const transcodes = transcodeRuns();
    check(transcodes === 1, `the media file was transcoded exactly once (${transcodes} run) and is COMPLETED on web2`);
    const replayKey = 'scale-idempotency-1';
    const first = await teacher.upload(
      web1.url,
      `/api/assignments/${setId}/documents`,
      multipart('file', [{ name: 'i.har', bytes: har('I') }]),
      {
        'idempotency-key': replayKey,
      },
    );
    const again = await teacher.upload(
      web2.url,
      `/api/assignments/${setId}/documents`,
      multipart('file', [{ name: 'i.har', bytes: har('I') }]),
      {
        'idempotency-key': replayKey,
      },
    );
    check(
      first.status === 201 && JSON.stringify(again.body) === JSON.stringify(first.body),
      'an upload retried with the same Idempotency-Key on the other instance returns the first answer',
    );

    // --- kill -9 of the worker mid-job ------------------------------------------------------------
    const video = await makeVideo(40, '640x480');
    const long = await teacher.upload(
      web2.url,
      `/api/media-collections/${collectionId}/media-files`,
      multipart('mediafile', [{ name: 'long.avi', bytes: video }]),
    );
    const longId = (long.body.data as { id: number }).id;
    const running = await until('the transcode to run', async () => {
      const row = await sqlValue(`select locked_by, attempts from jobs where name = 'media.transcode' and status = 'running'`);
      return row ? row : undefined;
    });
    await wait(1500);
    const deadPid = worker.pid;
    worker.kill('SIGKILL');
    const killedAt = Date.now();
    await worker.exited();
    say(`killed the worker (pid ${deadPid}) with SIGKILL mid-transcode`);
    // A process manager starts it again: the new worker cleans up, then takes the job over when its lease runs out.
    await worker.start();
    await worker.ready();
    const takenOver = await until(
      'another worker to take the job over',
      async () => {
        const row = await sqlValue(`select locked_by, attempts from jobs where name = 'media.transcode' and status = 'running'`);
        const gone = (await sqlValue(`select count(*)::int as n from jobs where name = 'media.transcode'`))?.n === 0;
        return (row && row.locked_by !== running.locked_by) || gone ? Date.now() : undefined;
      },
      90_000,
      100,
    );
    const takeoverSeconds = (takenOver - killedAt) / 1000;
    figures['job takeover after kill -9 (s)'] = takeoverSeconds.toFixed(1);
    check(takeoverSeconds < 60, `the killed worker's job was taken over after ${takeoverSeconds.toFixed(1)} s (< 60 s)`);
    const leftovers = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`hd-job-${deadPid}-`));
    const orphanFfmpeg = execFileSync('ps', ['-eo', 'args'])
      .toString()
      .split('\n')
      .filter((l) => l.includes(`hd-job-${deadPid}-`));
    check(leftovers.length === 0 && orphanFfmpeg.length === 0, 'the dead worker left no temporary folder and no ffmpeg running');
    await until(
      'the long transcode',
      async () => {
        const res = await teacher.json(web1.url, 'GET', `/api/media-files/${longId}`);
        return (res.body.data as { transcode_status: string }).transcode_status === 'COMPLETED' ? true : undefined;
      },
      180_000,
      500,
    );
    check(true, 'the interrupted transcode completed on the new worker');

    // --- PostgreSQL restart, then a longer outage, under load -----------------------------------------
    const outage = async (what: string, act: () => Promise<void>) => {
      const results: { at: number; ok: boolean; status: number }[] = [];
      let loading = true;
      const load = async (base: string) => {
        while (loading) {
          const at = Date.now();
          try {
            const res = await fetch(`${base}/api/media-collections`, { headers: teacher.headers() });
            await res.arrayBuffer();
            results.push({ at, ok: res.status === 200, status: res.status });
          } catch {
            results.push({ at, ok: false, status: 0 });
            await wait(50);
          }
        }
      };
      const loops = [web1, web2, web1, web2, web1, web2].map((i) => load(i.url));
      await wait(2000);
      say(`PostgreSQL: ${what}, under load`);
      const downAt = Date.now();
      const readyRed = (async () => {
        await wait(300);
        return (await fetch(`${web1.url}/api/ready`)).status;
      })();
      await act();
      const backAt = Date.now();
      await wait(12_000);
      loading = false;
      await Promise.all(loops);
      const failures = results.filter((r) => !r.ok);
      // Each result carries the time its request was sent; they finish out of order.
      const lastFailure = failures.length ? Math.max(...failures.map((f) => f.at)) : downAt;
      const firstFailure = failures.length ? Math.min(...failures.map((f) => f.at)) : downAt;
      const recovery = Math.max(0, (lastFailure - backAt) / 1000);
      const statuses = [...new Set(failures.map((f) => f.status))].sort();
      figures[`${what}: PostgreSQL away (s)`] = ((backAt - downAt) / 1000).toFixed(1);
      figures[`${what}: errors after it was back (s)`] = recovery.toFixed(1);
      figures[`${what}: failed requests`] =
        `${failures.length} of ${results.length}, over ${((lastFailure - firstFailure) / 1000).toFixed(1)} s`;
      say(
        `${results.length} requests, ${failures.length} failed (statuses ${statuses.join(', ') || 'none'}); readiness while away: ${await readyRed}`,
      );
      check(web1.alive && web2.alive && worker.alive, `no instance exited (${what})`);
      check(recovery < 10, `errors stopped ${recovery.toFixed(1)} s after PostgreSQL was back (< 10 s)`);
      check(!statuses.includes(500), 'requests while it was away got 503 (or a refused connection), never 500');
      const afterwards = await teacher.json(web2.url, 'GET', '/api/media-collections');
      check(afterwards.status === 200, 'service resumed by itself');
    };
    await outage('restart -m fast', () => pgCluster.pgctlAsync('restart'));
    await outage('stopped for 8 s', async () => {
      await pgCluster.pgctlAsync('stop');
      await wait(8000);
      await pgCluster.pgctlAsync('start');
    });

    // --- SIGTERM during an upload ---------------------------------------------------------------
    const form = multipart('file', [{ name: 'slow.har', bytes: har('Slow') }]);
    let readyDuringDrain = 0;
    const slow = slowUpload(
      web2.url,
      `/api/assignments/${setId}/documents`,
      teacher.headers({ 'content-type': form.contentType }),
      form.body,
      8,
      400,
      () => {
        web2.kill('SIGTERM');
        void (async () => {
          await wait(100);
          readyDuringDrain = (await fetch(`${web2.url}/api/ready`).catch(() => ({ status: 0 }))).status;
        })();
      },
    );
    const slowResult = await slow;
    const exit = await web2.exited(40_000);
    check(slowResult.status === 201, `an upload in flight at SIGTERM completed (${slowResult.status})`);
    check(readyDuringDrain === 503, `readiness answered 503 at once after SIGTERM (${readyDuringDrain})`);
    check(exit?.code === 0, `web2 then exited cleanly (code ${exit?.code})`);
    await web2.start();
    await web2.ready();

    // --- kill -9 of a web instance mid-upload, then the sweep -----------------------------------------
    const batch = multipart(
      'file',
      Array.from({ length: 10 }, (_, i) => ({ name: `k${i}.har`, bytes: har(`K${i}`) })),
    );
    for (let k = 0; k < KILLS; k++) {
      const pending = teacher.upload(web1.url, `/api/assignments/${setId}/documents`, batch).catch(() => undefined);
      await wait(20 + Math.floor(Math.random() * 200));
      web1.kill('SIGKILL');
      await web1.exited();
      await pending;
      await web1.start();
      await web1.ready();
    }
    const s3client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const orphans = async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3client.send(new ListObjectsV2Command({ Bucket: 'scale', ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Written out table by table, independently of the sweep's own rule.
      const referenced = new Set<string>();
      const queries = [
        'select storage_key as k from documents union select student_storage_key from documents',
        'select storage_key from library_documents',
        'select har_key from submissions union select png_key from submissions union select report_key from submissions',
        'select student_png_key from submissions union select student_report_key from submissions',
        'select source_key from media_files union select output_key from media_files',
        "select 'previews/' || content_hash || '.png' from documents union select 'previews/' || content_hash || '.png' from library_documents",
      ];
      for (const q of queries)
        for (const row of (await db.query(q)).rows) for (const v of Object.values(row)) if (v) referenced.add(String(v));
      // Workspace layouts (workspaces/, issue 40) are a cache named by the student copy's content hash, not by a row: the sweep leaves them (decision 052).
      return keys.filter((k) => !referenced.has(k) && !k.startsWith('workspaces/'));
    };
    const before = await orphans();
    figures[`orphans left right after ${KILLS} kills (the sweep runs meanwhile)`] = before.length;
    say(`orphan objects after ${KILLS} kills of web1 mid-upload: ${before.length}`);
    const swept = await until(
      'the sweep to remove every orphan',
      async () => ((await orphans()).length === 0 ? true : undefined),
      60_000,
      1000,
    );
    figures['orphans after the sweep'] = 0;
    const sweptCount = worker
      .log()
      .split('\n')
      .filter((l) => l.includes('"orphan files removed"'))
      .reduce((n, l) => n + Number(/"removed":(\d+)/.exec(l)?.[1] ?? 0), 0);
    figures['orphan files the sweep removed (whole run)'] = sweptCount;
    check(swept, 'the orphan count is 0 after the sweep (grace 10 s)');

    const metrics = await fetch(`${worker.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    check(
      metrics.status === 200 && /job_duration_seconds_count\{name="media.transcode",outcome="done"\}/.test(text),
      'the worker serves job metrics',
    );
    await db.end();
    console.log('\nFigures:');
    for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(48)} ${value}`);
    console.log('\ntest:scale passed');
  } catch (error) {
    for (const instance of instances) console.error(`\n--- ${instance.name} (last lines) ---\n${instance.tail(12)}`);
    throw error;
  } finally {
    for (const instance of instances) instance.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited(10_000).catch(() => undefined)));
    await s3.close();
    pgCluster.destroy();
    if (process.env.SCALE_KEEP_LOGS !== '1') fs.rmSync(logs, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
