import fs from 'node:fs';
import { writeHar } from '@app/har/format';
import { HarError } from '@app/har/har-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestAllowedScore } from '../../test/long-score.ts';
import { SMALL_SCORE } from '../../test/small-score.ts';
import { CpuTaskError, cpuGroupOf, createCpuPool } from './cpu-pool.ts';

let largest: string;
beforeAll(() => {
  largest = largestAllowedScore();
});

describe('CPU pool', () => {
  const pool = createCpuPool({ threads: 1, taskMs: 60_000, memoryMb: 1024 });
  afterAll(() => pool.close());

  it('warm() starts the thread that later tasks run in, with Verovio loaded (decision 048)', async () => {
    await pool.warm();
    const thread = await pool.run('warmUp', []);
    await pool.run('analysisPositions', [SMALL_SCORE]);
    expect(pool.stats().threads).toBe(1);
    // The quick thread (issue 40) is started too, without Verovio.
    expect(pool.stats().quickThreads).toBe(1);
    expect(await pool.run('warmUp', [])).toBe(thread);
  });

  it('runs a task in a thread and answers its result', async () => {
    const png = await pool.run('renderPreview', [SMALL_SCORE]);
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // 'PNG'
  });

  it('hands back a refused score as the HarError the task threw', async () => {
    const error = await pool.run('renderPreview', [`<score-partwise>${'<a>'.repeat(60)}`]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarError);
    expect((error as HarError).message).toMatch(/could not be read/);
  });

  it('keeps the event loop free while the largest allowed score is laid out', { timeout: 120_000 }, async () => {
    let done = false;
    const started = performance.now();
    const work = pool.run('renderWorkspaceScore', [largest, [{ id: 'a', measure: 1, beat: 1, points: 1 }]]).finally(() => {
      done = true;
    });
    // A timer fires only when this thread is free: were the layout here, it would fire after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    const layout = await work;
    expect(layout.items[0]?.x).not.toBeNull();
    console.info(`largest allowed score laid out in ${Math.round(performance.now() - started)} ms`);
  });

  it('runs reading and writing files on a thread of its own: a layout holding the score thread never delays it (issue 40)', {
    timeout: 120_000,
  }, async () => {
    const finished: string[] = [];
    const layout = pool
      .run('renderWorkspaceScore', [largest, [{ id: 'a', measure: 1, beat: 1, points: 1 }]])
      .then(() => finished.push('layout'));
    const file = writeHar({
      manifest: { format: 'har', version: 1, kind: 'exercise', title: 'Quick', exercise_type: 'roman-numeral-analysis' },
      score: SMALL_SCORE,
      key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
    });
    // A hand-in's tasks: the exercise read, the stored file written, while the layout runs.
    const read = await pool.run('readHar', [file]);
    await pool.run('writeHar', [read]);
    finished.push('hand-in');
    await layout;
    expect(finished).toEqual(['hand-in', 'layout']);
    expect(cpuGroupOf('renderWorkspaceScore')).toBe('score');
    expect(
      (['readHar', 'writeHar', 'readPartWritingHar', 'writePartWritingHar', 'submissionHead'] as const).map((task) => cpuGroupOf(task)),
    ).toEqual(Array(5).fill('quick'));
  });

  it('starts a waiting request task before waiting background tasks (decision 040)', async () => {
    const finished: string[] = [];
    const note = (name: string) => (value: unknown) => {
      finished.push(name);
      return value;
    };
    // One thread: the first drawing runs, the second waits, then a request's task arrives.
    const first = pool.run('renderPreview', [SMALL_SCORE]).then(note('background 1'));
    const second = pool.run('renderPreview', [SMALL_SCORE]).then(note('background 2'));
    const request = pool.run('analysisPositions', [SMALL_SCORE]).then(note('request'));
    expect(pool.stats().queued).toBe(2);
    await Promise.all([first, second, request]);
    expect(finished).toEqual(['background 1', 'request', 'background 2']);
  });

  it('runs background tasks niced and request tasks at normal priority (issue 29)', async () => {
    // Each thread of this process with its nice value (/proc/self/task/<tid>/stat, field 19).
    const nices = () =>
      fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    await pool.run('shownPositions', [SMALL_SCORE, [{ id: 'a', measure: 1, beat: 1 }]]);
    expect(nices()).toContain(10);
    await pool.run('analysisPositions', [SMALL_SCORE]);
    // Raising a priority again needs CAP_SYS_NICE: as root (tests, CI) the request runs at 0.
    if (process.getuid?.() === 0) expect(nices()).not.toContain(10);
  });

  it('drops a waiting task whose signal aborts, without taking a thread', async () => {
    const running = pool.run('renderPreview', [SMALL_SCORE]);
    const stop = new AbortController();
    const waiting = pool.run('renderPreview', [SMALL_SCORE], { signal: stop.signal }).catch((e: unknown) => e);
    stop.abort(new Error('job cancelled'));
    expect(((await waiting) as Error).message).toBe('job cancelled');
    expect(pool.stats().queued).toBe(0);
    await running;
    expect((await pool.run('analysisPositions', [SMALL_SCORE])).length).toBeGreaterThan(0);
  });

  it('stops a task past its time limit by ending its thread, and goes on with the next', async () => {
    const before = await pool.run('warmUp', []);
    const error = await pool.run('renderWorkspaceScore', [largest, []], { taskMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CpuTaskError);
    expect((error as CpuTaskError).reason).toBe('time');
    expect((error as CpuTaskError).message).toBe('The score could not be read: the work took longer than 200 ms and was stopped.');
    // Its thread was ended, not waited for: the one thread that stays (decision 048) is a new one.
    expect(pool.stats().threads).toBeLessThanOrEqual(1);
    expect(await pool.run('warmUp', [])).not.toBe(before);
    const png = await pool.run('renderPreview', [SMALL_SCORE]);
    expect(png.length).toBeGreaterThan(100);
  });
});
