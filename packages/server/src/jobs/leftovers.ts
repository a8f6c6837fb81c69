import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

const PREFIX = 'hd-job-';
const FOLDER = /^hd-job-(\d+)-/;

/**
 * The prefix for a job's temporary folder (fs.mkdtemp): it names this process, so an
 * instance starting later on the same machine can tell the folders (and the child
 * processes working in them) of a process that died from those of one still running.
 */
export function jobWorkPrefix(): string {
  return path.join(os.tmpdir(), `${PREFIX}${process.pid}-`);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start: stops child processes (ffmpeg, …) still working in the temporary folder of a
 * process that died, then removes those folders. Only what can be found on this machine
 * (Linux /proc); in a container each start has a clean /tmp anyway.
 */
export async function cleanLeftovers(log: FastifyBaseLogger): Promise<{ folders: number; processes: number }> {
  const tmp = os.tmpdir();
  const entries = await fs.promises.readdir(tmp).catch(() => [] as string[]);
  const dead = entries.filter((name) => {
    const pid = Number(FOLDER.exec(name)?.[1] ?? Number.NaN);
    return Number.isInteger(pid) && !alive(pid);
  });
  if (dead.length === 0) return { folders: 0, processes: 0 };

  let processes = 0;
  const folders = dead.map((name) => path.join(tmp, name));
  const pids = await fs.promises.readdir('/proc').catch(() => [] as string[]);
  for (const entry of pids) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.promises.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!folders.some((folder) => cmdline.includes(`${folder}${path.sep}`))) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      processes += 1;
    } catch {
      // Gone meanwhile, or not ours to stop.
    }
  }
  for (const folder of folders) await fs.promises.rm(folder, { recursive: true, force: true });
  log.info({ folders: folders.length, processes }, 'removed what a stopped instance left behind');
  return { folders: folders.length, processes };
}
