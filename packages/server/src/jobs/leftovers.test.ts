import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { cleanLeftovers, jobWorkPrefix } from './leftovers.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('leftovers of a dead process', () => {
  it("stops a child still working in a dead process's folder, removes the folder, and leaves live ones alone", async () => {
    // A pid that has certainly ended.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(alive(dead)).toBe(false);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `hd-job-${dead}-`));
    const mine = fs.mkdtempSync(jobWorkPrefix());
    // Stands in for ffmpeg writing into the folder after its parent was killed.
    const orphan = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', path.join(folder, 'output.mp4')], { stdio: 'ignore' });
    const exited = new Promise((resolve) => orphan.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const result = await cleanLeftovers(pino({ level: 'silent' }));
    expect(result.folders).toBeGreaterThanOrEqual(1);
    expect(result.processes).toBeGreaterThanOrEqual(1);
    await exited;
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.existsSync(mine)).toBe(true);
    fs.rmSync(mine, { recursive: true, force: true });
  });
});
