import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { HarError } from '@app/har/har-error';
import { type CpuTaskName, cpuTasks } from './cpu-tasks.ts';

/** What the pool sends a thread, and what the thread answers (errors as data: a class does not cross threads). */
export type CpuRequest = {
  task: CpuTaskName;
  args: unknown[];
  /** Told when the task starts here, so its time limit counts its own running time, not the wait for a thread. */
  started: MessagePort;
};
export type CpuResponse =
  | { ok: true; value: unknown }
  | { ok: false; error: { har: boolean; message: string; code?: string; stack?: string | undefined } };

// Below the thread that answers requests: on Linux a nice value belongs to the thread that sets it,
// so when the cores are busy the event loop gets them first (piscina's niceIncrement does the same).
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here (some containers): the thread runs at normal priority.
}

/** The entry of each worker thread of the CPU pool (cpu-pool.ts): runs one task of cpu-tasks.ts. */
export default async function runCpuTask({ task, args, started }: CpuRequest): Promise<CpuResponse> {
  started.postMessage(true);
  started.close();
  try {
    const run = cpuTasks[task] as (...a: unknown[]) => unknown;
    return { ok: true, value: await run(...args) };
  } catch (error) {
    if (error instanceof HarError) return { ok: false, error: { har: true, message: error.message, code: error.code } };
    const e = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { har: false, message: e.message, stack: e.stack } };
  }
}
