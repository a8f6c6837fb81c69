// Exercise documents: preview time per document (Verovio + resvg) and .har upload throughput.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHar } from '../packages/har/src/format.ts';
import { buildSampleLibrary } from '../packages/har/src/library/build-library.ts';
import { renderPreview } from '../packages/har/src/preview.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemoData } from '../packages/server/src/seed/demo.ts';

export async function runDocumentBenchmarks() {
  const documents = buildSampleLibrary().sets.flatMap((s) => s.documents);
  await renderPreview(readHar(documents[0]?.har ?? new Uint8Array()).score); // load Verovio once
  const started = performance.now();
  for (const doc of documents) await renderPreview(readHar(doc.har).score);
  const perDoc = (performance.now() - started) / documents.length;
  console.log(`Preview (Verovio → SVG → PNG): ${perDoc.toFixed(0)} ms per document over ${documents.length} sample exercises`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-bench-docs-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1' }));
  await seedDemoData(app.deps, app.services);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const unsafe = { cookie: 'csrftoken=bench', 'x-csrftoken': 'bench' };
  const signIn = await fetch(`${address}/api/users/sign-in`, {
    method: 'POST',
    headers: { ...unsafe, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
  });
  const auth = { authorization: `Bearer ${signIn.headers.get('x-access-token')}` };
  const course = await app.deps.db.selectFrom('courses').select('id').where('title', '=', 'Music Theory I').executeTakeFirstOrThrow();
  const setRes = await fetch(`${address}/api/courses/${course.id}/assignments`, {
    method: 'POST',
    headers: { ...unsafe, ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench' }),
  });
  const set = ((await setRes.json()) as { data: { id: number } }).data;
  const batch = documents.slice(0, 10);
  const bytes = batch.reduce((sum, d) => sum + d.har.byteLength, 0);
  const rounds = 5;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    const form = new FormData();
    for (const d of batch) form.append('file', new Blob([Buffer.from(d.har)]), `${d.slug}.har`);
    const res = await fetch(`${address}/api/assignments/${set.id}/documents`, {
      method: 'POST',
      headers: { ...unsafe, ...auth },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `Upload: ${((rounds * batch.length) / seconds).toFixed(0)} documents/s, ${((rounds * bytes) / seconds / 1024 / 1024).toFixed(2)} MB/s (${rounds} requests of ${batch.length} .har files, validated and stored)`,
  );
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
