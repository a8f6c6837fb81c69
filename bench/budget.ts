// The budget table of issue 15: each benchmark records its figures with the goal they answer to;
// `npm run bench` prints the table at the end and writes bench/results/latest.json, so runs can be
// compared (keys name the figures, values are { value, unit, goal }).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A goal: the figure must stay at or below `max`, or at or above `min`. */
export type Goal = { max: number } | { min: number } | null;
export type Figure = { value: number; unit: string; goal: Goal };

const figures = new Map<string, Figure>();

/** Records a figure (rounded to 2 decimals) under a dotted key such as `gradebook.api_best_ms`. */
export function record(key: string, value: number, unit: string, goal: Goal = null) {
  figures.set(key, { value: Math.round(value * 100) / 100, unit, goal });
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Prints the table and merges this run's figures into bench/results/latest.json. */
export function writeBudget() {
  if (figures.size === 0) return;
  console.log('\n## budget (issue 15)');
  console.log(`${'figure'.padEnd(36)} ${'value'.padStart(12)} ${'goal'.padStart(14)} ${'ratio'.padStart(7)}  ok`);
  for (const [key, { value, unit, goal }] of figures) {
    const target = goal === null ? '' : 'max' in goal ? `≤ ${goal.max}` : `≥ ${goal.min}`;
    const ratio = goal === null ? '' : 'max' in goal ? (value / goal.max).toFixed(2) : (value / goal.min).toFixed(2);
    const ok = goal === null ? '' : 'max' in goal ? (value <= goal.max ? 'yes' : 'NO') : value >= goal.min ? 'yes' : 'NO';
    console.log(`${key.padEnd(36)} ${`${value} ${unit}`.padStart(12)} ${target.padStart(14)} ${ratio.padStart(7)}  ${ok}`);
  }
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  // Benchmarks run one by one (`npm run bench -- gradebook`) keep the other figures of the last run.
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Figure>) : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...previous, ...Object.fromEntries(figures) }, null, 2)}\n`);
  console.log(`(written to ${path.relative(process.cwd(), file)})`);
}

/**
 * A GET as a browser sends it (gzip and brotli accepted): the time to the last byte, the bytes
 * on the wire and the body once decoded.
 */
export function getOverWire(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ ms: number; status: number; wireBytes: number; encoding: string; body: Buffer }>((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', async () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const zlib = await import('node:zlib');
        const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ ms, status: response.statusCode ?? 0, wireBytes: raw.length, encoding, body });
      });
    });
    request.on('error', reject);
  });
}

/** Samples the heap while `work` runs; returns its result and the peak heap above the start, in MB. */
export async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakHeapMb: number }> {
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakHeapMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
