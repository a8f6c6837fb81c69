import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The run's own build (a concurrent `npm run build` elsewhere must not swap it mid-test); .tmp is ignored by git. */
export const bundleDir = path.join(root, 'packages/server/.tmp', `scale-${process.pid}`);
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds since the run began, for the step log. */
const began = Date.now();
export const since = () => ((Date.now() - began) / 1000).toFixed(1).padStart(6);
export const say = (line: string) => console.log(`[${since()} s] ${line}`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls until `check` returns something other than undefined, or throws after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000, every = 200): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await wait(every);
  }
}

/** A PostgreSQL cluster of our own (other people's tests use the shared one; we restart ours). */
export class PgCluster {
  readonly base = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-scale-pg-'));
  readonly bin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .at(-1) as string;
  port = 0;

  private asPostgres(command: string) {
    if (process.getuid?.() === 0) return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'pipe' });
    return execFileSync('bash', ['-c', command], { stdio: 'pipe' });
  }

  async start() {
    this.port = await freePort();
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', this.base]);
    this.asPostgres(`'${this.bin}/initdb' -D '${this.base}/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null`);
    this.pgctl('start');
    execFileSync('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-qc', 'CREATE DATABASE hd_scale']);
  }

  pgctl(action: 'start' | 'stop' | 'restart', mode = 'fast') {
    const options = `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    this.asPostgres(`'${this.bin}/pg_ctl' -D '${this.base}/data' -l '${this.base}/log' -w -m ${mode} -o "${options}" ${action} >/dev/null`);
  }

  /** The same without blocking this process (the load keeps running meanwhile). */
  pgctlAsync(action: 'start' | 'stop' | 'restart', mode = 'fast') {
    const options = `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const command = `'${this.bin}/pg_ctl' -D '${this.base}/data' -l '${this.base}/log' -w -m ${mode} -o "${options}" ${action} >/dev/null`;
    const [file, args] = process.getuid?.() === 0 ? ['su', ['postgres', '-s', '/bin/bash', '-c', command]] : ['bash', ['-c', command]];
    return new Promise<void>((resolve, reject) =>
      execFile(file as string, args as string[], (error) => (error ? reject(error) : resolve())),
    );
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/hd_scale`;
  }

  destroy() {
    try {
      this.pgctl('stop', 'immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.base, { recursive: true, force: true });
  }
}

/** s3rver: an S3 stand-in on loopback (it does not check signatures). */
export async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-scale-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'scale' }] });
  const { port } = await server.run();
  return {
    url: `s3://S3RVER:S3RVER@scale?endpoint=http://127.0.0.1:${port}&region=us-east-1`,
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One server process (the built bundle, as `npm start` and `npm run worker` run it). */
export class Instance {
  child: ChildProcess | undefined;
  port = 0;
  readonly logFile: string;
  exits: { code: number | null; signal: NodeJS.Signals | null }[] = [];

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
    logDir: string,
  ) {
    this.logFile = path.join(logDir, `${name}.log`);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  get alive() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    if (!this.port) this.port = await freePort();
    const out = fs.openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${this.port}` },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child.on('exit', (code, signal) => this.exits.push({ code, signal }));
    this.child = child;
    return this;
  }

  /** Waits for /api/ready (a worker answers it too). */
  async ready(ms = 90_000) {
    const started = Date.now();
    await until(
      `${this.name} to be ready`,
      async () => {
        if (!this.alive) throw new Error(`${this.name} exited: ${this.tail()}`);
        const res = await fetch(`${this.url}/api/ready`);
        return res.ok ? true : undefined;
      },
      ms,
      50,
    ).catch((error: unknown) => {
      if (!this.alive) throw new Error(`${this.name} exited during start:\n${this.tail()}`);
      throw error;
    });
    return Date.now() - started;
  }

  kill(signal: NodeJS.Signals) {
    if (this.child?.pid && this.alive) process.kill(this.child.pid, signal);
  }

  async exited(ms = 60_000) {
    await until(`${this.name} to exit`, async () => (this.alive ? undefined : true), ms, 50);
    return this.exits.at(-1);
  }

  log() {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
  }

  tail(lines = 30) {
    return this.log()
      .trim()
      .split('\n')
      .slice(-lines)
      .map((l) => l.slice(0, 400))
      .join('\n');
  }
}
