import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { type HarRef, har } from '@app/contract/har-messages';
import { HarError, type HarErrorCode } from '@app/har/har-error';
import { Tinypool } from 'tinypool';
import type { CpuTaskName, CpuTasks } from './cpu-tasks.ts';
import type { CpuRequest, CpuResponse } from './cpu-worker.ts';

/**
 * The one pool of worker threads for CPU-heavy work (decision 032): Verovio and resvg, reading
 * uploaded scores, exercise analysis. The event loop that answers requests never runs them.
 * Each task has a time limit after which its thread is terminated (Verovio cannot be
 * interrupted any other way) and each thread a heap limit; a task stopped either way fails
 * with a HarError ('unreadable_score') whose message says why, so callers treat it as a score
 * that could not be read. Two groups of threads (issue 40): the score threads (the cores less one)
 * lay out, draw and analyse; one quick thread reads and writes `.har` files (QUICK_TASKS), so a
 * hand-in never waits behind a layout. Threads start on first use; all but one of each group end
 * after a minute idle. The score thread that stays keeps Verovio loaded, so a drawing (Create
 * Exercise's layout, a workspace) does not pay a thread's start and Verovio's loading after every
 * quiet minute; `warm()` starts it with Verovio ahead of the first request (decision 048).
 */

export type CpuPoolOptions = {
  /** Score threads at most (default: the cores less one, at least one); the quick thread comes beside them. */
  threads?: number | undefined;
  /** A task's time limit, counted from when a thread starts it. */
  taskMs: number;
  /** A thread's V8 heap limit (old generation), in MB. Verovio's WebAssembly memory is outside it. */
  memoryMb: number;
};

export type CpuRunOptions = {
  /** Stops the task (terminating its thread) when it aborts, e.g. a job's signal. */
  signal?: AbortSignal;
  /** This task's own time limit, instead of the pool's. */
  taskMs?: number;
  /**
   * 'request': someone waits for it (a hand-in, an upload); 'background': a job's drawing. A
   * waiting request task always starts before a waiting background one (decision 040). By
   * default the drawings only jobs make (BACKGROUND_TASKS) are background, the rest requests.
   */
  lane?: CpuLane;
};

export type CpuLane = 'request' | 'background';

/** The tasks only background jobs run: submission images, previews, printed positions (issue 29). */
const BACKGROUND_TASKS: ReadonlySet<CpuTaskName> = new Set([
  'renderSubmissionImage',
  'renderPreview',
  'renderPartWritingPreview',
  'renderPartWritingSubmission',
  'shownPositions',
]);

export type CpuPool = {
  run<K extends CpuTaskName>(task: K, args: Parameters<CpuTasks[K]>, options?: CpuRunOptions): Promise<Awaited<ReturnType<CpuTasks[K]>>>;
  /** Tasks running or waiting, and threads alive: the score threads, and the quick thread apart (issue 40). */
  stats(): { running: number; queued: number; threads: number; quickThreads: number };
  /** Starts the thread that stays, with Verovio loaded (a serving instance calls it once it listens). */
  warm(): Promise<void>;
  close(): Promise<void>;
};

/** A task the pool stopped: too slow, out of memory, or its thread died. */
export class CpuTaskError extends HarError {
  readonly reason: 'time' | 'memory' | 'crashed' | 'aborted';
  constructor(reason: CpuTaskError['reason'], message: string | HarRef) {
    super(message, 'unreadable_score');
    this.reason = reason;
  }
}

/**
 * The thread entry: the bundled cpu-worker.js beside the built server, or under tsx a small
 * module that registers tsx in the thread and loads cpu-worker.ts.
 */
function workerEntry(): URL {
  const fromSources = import.meta.url.endsWith('.ts');
  return new URL(fromSources ? './cpu-worker-tsx.mjs' : './cpu-worker.js', import.meta.url);
}

/**
 * The tasks that read and write files and never draw or analyse (issue 40): a hand-in's exercise and
 * its stored file, an upload's reading and its student copy. They run on threads of their own, so a
 * layout or a drawing holding the score threads never delays a hand-in. Each is bounded by the score
 * and archive limits to well under a second.
 */
const QUICK_TASKS: ReadonlySet<CpuTaskName> = new Set([
  'readHar',
  'writeHar',
  'submissionHead',
  'studentCopy',
  'readPartWritingHar',
  'writePartWritingHar',
  'readPartWritingHandIn',
  'partWritingStoredFiles',
  'partWritingCopyIsGiven',
  'partWritingExerciseFile',
]);

/** Which threads run a task: 'score' (Verovio, analysis: layouts, drawings, drafts) or 'quick' (files). */
export const cpuGroupOf = (task: CpuTaskName): 'score' | 'quick' => (QUICK_TASKS.has(task) ? 'quick' : 'score');

/**
 * A group of threads with its own admission (decision 040): at most `threads` tasks are handed to
 * tinypool (whose queue is first come, first served); the rest wait here in two lanes, requests first.
 */
function threadGroup(threads: number, memoryMb: number) {
  let pool: Tinypool | undefined;
  let admitted = 0;
  const waiting: Record<CpuLane, (() => void)[]> = { request: [], background: [] };
  const admit = (lane: CpuLane, signal: AbortSignal | undefined) => {
    if (admitted < threads && waiting.request.length === 0 && (lane === 'request' || waiting.background.length === 0)) {
      admitted += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        const queue = waiting[lane];
        const at = queue.indexOf(go);
        if (at >= 0) queue.splice(at, 1);
        reject(signal?.reason ?? new CpuTaskError('aborted', har('workStopped')));
      };
      waiting[lane].push(go);
      signal?.addEventListener('abort', stop, { once: true });
    });
  };
  /** A finished task's slot goes to the next waiting request task, else background task. */
  const release = () => {
    const next = waiting.request.shift() ?? waiting.background.shift();
    if (next) next();
    else admitted -= 1;
  };
  const open = () => {
    pool ??= new Tinypool({
      filename: workerEntry().href,
      // One thread stays (the score threads' with the Verovio it loaded, decision 048); the others end after a minute idle.
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      // Workers inherit no tsx loader or test runner flags; the entry registers what it needs.
      execArgv: [],
    });
    return pool;
  };
  return {
    admit,
    release,
    open,
    queued: () => waiting.request.length + waiting.background.length + (pool?.queueSize ?? 0),
    threads: () => pool?.threads.length ?? 0,
    async close() {
      const current = pool;
      pool = undefined;
      await current?.destroy();
    },
  };
}

export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const threads = options.threads ?? Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
  // Two groups of threads (issue 40): the score threads draw and analyse; the quick thread reads and
  // writes files, so no layout or drawing, however long, holds up a hand-in or an upload's reading.
  const groups = { score: threadGroup(threads, options.memoryMb), quick: threadGroup(1, options.memoryMb) };
  let running = 0;

  return {
    async run(task, args, runOptions = {}) {
      const taskMs = runOptions.taskMs ?? options.taskMs;
      const lane = runOptions.lane ?? (BACKGROUND_TASKS.has(task) ? 'background' : 'request');
      const group = groups[cpuGroupOf(task)];
      await group.admit(lane, runOptions.signal);
      // The time limit starts when a thread starts the task (it says so on this channel), so
      // waiting for a free thread, or for a new one to load, does not count against it.
      const timeUp = new AbortController();
      const { port1, port2 } = new MessageChannel();
      let timer: NodeJS.Timeout | undefined;
      port1.once('message', () => {
        timer = setTimeout(() => timeUp.abort(), taskMs);
      });
      const signal = runOptions.signal ? AbortSignal.any([timeUp.signal, runOptions.signal]) : timeUp.signal;
      const request: CpuRequest = { task, args, started: port2, lane };
      running += 1;
      let response: CpuResponse;
      try {
        response = (await group.open().run(request, { signal, transferList: [port2] })) as CpuResponse;
      } catch (error) {
        if (timeUp.signal.aborted) {
          throw new CpuTaskError('time', har('workTooLong', { time: formatSeconds(taskMs) }));
        }
        if (runOptions.signal?.aborted) throw runOptions.signal.reason ?? new CpuTaskError('aborted', har('workStopped'));
        const code = (error as { code?: string }).code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new CpuTaskError('memory', har('workTooLarge', { mb: options.memoryMb }));
        }
        throw new CpuTaskError('crashed', har('workCrashed', { detail: String((error as Error).message ?? error) }));
      } finally {
        group.release();
        running -= 1;
        clearTimeout(timer);
        port1.close();
      }
      if (response.ok) return response.value as never;
      if (response.error.har) throw new HarError(response.error.ref ?? response.error.message, response.error.code as HarErrorCode);
      const failure = new Error(response.error.message);
      if (response.error.stack) failure.stack = response.error.stack;
      throw failure;
    },
    async warm() {
      groups.quick.open();
      await this.run('warmUp', [], { lane: 'background' });
    },
    stats: () => ({
      running,
      queued: groups.score.queued() + groups.quick.queued(),
      threads: groups.score.threads(),
      quickThreads: groups.quick.threads(),
    }),
    async close() {
      await Promise.all([groups.score.close(), groups.quick.close()]);
    },
  };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${Math.round(ms)} ms`;
}
