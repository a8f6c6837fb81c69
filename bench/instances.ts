// `npm run bench -- instances`: requests per second of one web instance against two, each a real
// process of the built server on PostgreSQL and an S3 stand-in (the setup of `npm run test:scale`).
// Two instances only help where two cores are free; the figure says what this machine gives.

import fs from 'node:fs';
import autocannon from 'autocannon';
import { buildBundle } from '../packages/server/test/scale/bundle.ts';
import { bundleDir, Instance, PgCluster, say, startS3 } from '../packages/server/test/scale/cluster.ts';

const CONNECTIONS = 20;
const SECONDS = 10;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'csrftoken=bench', 'x-csrftoken': 'bench' },
    body: JSON.stringify({ email: 'instructor@example.com', password: 'DemoPass123' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.get('x-access-token') ?? '';
}

async function rate(urls: string[], token: string): Promise<number> {
  // One autocannon per instance, the connections shared between them: the same load either way.
  const runs = urls.map((url) =>
    autocannon({
      url: `${url}/api/media-collections`,
      connections: Math.round(CONNECTIONS / urls.length),
      duration: SECONDS,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const results = await Promise.all(runs);
  const errors = results.reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (errors > 0) throw new Error(`${errors} failed requests`);
  return results.reduce((n, r) => n + r.requests.average, 0);
}

export async function runInstancesBenchmark() {
  const pg = new PgCluster();
  const s3 = await startS3();
  const logs = pg.base;
  const instances: Instance[] = [];
  try {
    buildBundle();
    await pg.start();
    const env = {
      DATABASE_URL: pg.url,
      STORAGE_URL: s3.url,
      FILES_SECRET: 'bench-files-secret-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
      JOBS_CONCURRENCY: '0',
    };
    const web1 = new Instance('web1', { ...env, DEMO_DATA: '1' }, logs);
    instances.push(web1);
    await web1.start();
    await web1.ready(180_000);
    const web2 = new Instance('web2', { ...env, DEMO_DATA: '0', MIGRATE_ON_START: '0' }, logs);
    instances.push(web2);
    await web2.start();
    await web2.ready();
    const token = await signIn(web1.url);
    say(`GET /api/media-collections (signed in), ${CONNECTIONS} connections, ${SECONDS} s each`);
    const one = await rate([web1.url], token);
    const two = await rate([web1.url, web2.url], token);
    console.log(`  one web instance:  ${Math.round(one)} requests/s`);
    console.log(`  two web instances: ${Math.round(two)} requests/s (${(two / one).toFixed(2)}×)`);
  } finally {
    for (const instance of instances) instance.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited(10_000).catch(() => undefined)));
    await s3.close();
    pg.destroy();
    fs.rmSync(bundleDir, { recursive: true, force: true });
  }
}
