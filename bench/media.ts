// Transcoding speed of the media library (issue 7): seconds of media transcoded per second of
// wall time, through the real path — upload, the job queue, ffmpeg, storage — on SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { insertUser } from '../packages/server/src/modules/users/repository.ts';
import { TestClient } from '../packages/server/test/helpers.ts';
import { makeTone, makeVideo, multipart } from '../packages/server/test/media-samples.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, benchInstructor } from './users.ts';

type Sample = { name: string; filename: string; seconds: number; bytes: Buffer };

/** Uploads each sample, runs its transcoding job and prints media seconds per wall second. */
export async function runMediaBenchmarks() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-media-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '0' }));
  try {
    const now = Math.floor(Date.now() / 1000);
    await insertUser(app.deps.db, await benchInstructor(now));
    const client = new TestClient(app);
    await client.signIn(BENCH_EMAIL, BENCH_PASSWORD);
    const collection = (await client.post('/api/media-collections', { collection_title: 'Bench' })).json().data.id as number;

    const samples: Sample[] = [
      { name: 'audio: 60 s WAV 44.1 kHz mono → AAC .m4a', filename: 'tone.wav', seconds: 60, bytes: await makeTone(60) },
      { name: 'audio: 60 s MP3 → AAC .m4a', filename: 'tone.mp3', seconds: 60, bytes: await makeTone(60, 'mp3') },
      { name: 'video: 10 s 640×360 25 fps → H.264/AAC .mp4', filename: 'clip.avi', seconds: 10, bytes: await makeVideo(10, '640x360') },
      { name: 'video: 10 s 1280×720 25 fps → H.264/AAC .mp4', filename: 'hd.avi', seconds: 10, bytes: await makeVideo(10, '1280x720') },
    ];
    console.log(`\nMedia transcoding (${os.cpus().length} cores; upload + job + ffmpeg + storage, best of 2)`);
    for (const sample of samples) {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 2; run++) {
        const form = multipart('mediafile', sample.filename, sample.bytes);
        const started = performance.now();
        const res = await client.request('POST', `/api/media-collections/${collection}/media-files`, {
          body: form.body,
          headers: { 'content-type': form.contentType },
        });
        if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
        await app.deps.jobs.drain();
        const elapsed = (performance.now() - started) / 1000;
        const file = (await client.get(`/api/media-files/${res.json().data.id}`)).json().data;
        if (file.transcode_status !== 'COMPLETED') throw new Error(`transcoding failed: ${file.transcode_error}`);
        best = Math.min(best, elapsed);
      }
      const mb = (sample.bytes.length / 1024 / 1024).toFixed(1);
      console.log(
        `${sample.name.padEnd(48)} ${mb.padStart(5)} MB  ${best.toFixed(2).padStart(6)} s   ${(sample.seconds / best).toFixed(1).padStart(6)} s of media per s`,
      );
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runMediaBenchmarks();
