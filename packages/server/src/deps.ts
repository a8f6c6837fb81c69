import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DialectName } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every service is built from; made once in buildApp. */
export type Deps = {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
};
