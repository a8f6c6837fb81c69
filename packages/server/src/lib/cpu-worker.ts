import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import type { HarRef } from '@app/contract/har-messages';
import { HarError } from '@app/har/har-error';
import type { CpuLane } from './cpu-pool.ts';
import { type CpuTaskName, cpuTasks } from './cpu-tasks.ts';

/** What the pool sends a thread, and what the thread answers (errors as data: a class does not cross threads). */
export type CpuRequest = {
  task: CpuTaskName;
  args: unknown[];
  /** Told when the task starts here, so its time limit counts its own running time, not the wait for a thread. */
  started: MessagePort;
  /** A background task runs at a lower OS priority than a request's (decision 042). */
  lane: CpuLane;
};
export type CpuResponse =
  | { ok: true; value: unknown }
  | { ok: false; error: { har: boolean; message: string; code?: string; ref?: HarRef | undefined; stack?: string | undefined } };

// A background task (a drawing) runs below the thread that answers requests: on Linux a nice value
// belongs to the thread that sets it, so when the cores are busy the event loop and requests get
// them first. A request's task runs at normal priority (issue 29): niced, it waited for a core
// behind every other process on a busy machine, and every hand-in waits for one. Raising a
// thread's priority again needs CAP_SYS_NICE (or RLIMIT_NICE); where that is refused, a thread
// that once ran a background task stays below normal, as every thread was before.
let priority: number = os.constants.priority.PRIORITY_NORMAL;
function prioritise(lane: CpuLane) {
  const wanted = lane === 'background' ? os.constants.priority.PRIORITY_BELOW_NORMAL : os.constants.priority.PRIORITY_NORMAL;
  if (wanted === priority) return;
  try {
    os.setPriority(wanted);
    priority = wanted;
  } catch {
    // Not allowed here (raising without CAP_SYS_NICE, some containers): the thread keeps its priority.
  }
}

/** The entry of each worker thread of the CPU pool (cpu-pool.ts): runs one task of cpu-tasks.ts. */
export default async function runCpuTask({ task, args, started, lane }: CpuRequest): Promise<CpuResponse> {
  prioritise(lane);
  started.postMessage(true);
  started.close();
  try {
    const run = cpuTasks[task] as (...a: unknown[]) => unknown;
    return { ok: true, value: await run(...args) };
  } catch (error) {
    if (error instanceof HarError) return { ok: false, error: { har: true, message: error.message, code: error.code, ref: error.ref } };
    const e = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { har: false, message: e.message, stack: e.stack } };
  }
}
