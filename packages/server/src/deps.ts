import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DialectName } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Clock } from './lib/clock.ts';
import type { CpuPool } from './lib/cpu-pool.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';

/** What every service is built from; made once in buildApp. */
export type Deps = {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  mailer: Mailer;
  /** Stored files: DATA_DIR/files or an S3 bucket (storage/). */
  storage: Storage;
  /** Background jobs: register handlers at build time, enqueue from services (jobs/). */
  jobs: JobQueue;
  /** Worker threads for reading, analysing and drawing scores, off the event loop (lib/cpu-pool.ts). */
  cpu: CpuPool;
  log: FastifyBaseLogger;
};
