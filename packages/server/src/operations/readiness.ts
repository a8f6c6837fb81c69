import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.ts';
import type { Deps } from '../deps.ts';

const CHECK_TIMEOUT_MS = 3000;

export type ReadinessReport = { ready: boolean; checks: Record<'database' | 'storage' | 'migrations' | 'lifecycle', string> };
export type Readiness = ReturnType<typeof createReadiness>;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Whether this instance should get traffic: the database answers, storage answers,
 * every migration this build knows has run, and it is not shutting down. A load
 * balancer stops sending requests while it is red; the instance keeps running and
 * turns green by itself when the database or storage is back.
 */
export function createReadiness(deps: Pick<Deps, 'db' | 'dialect' | 'storage' | 'config'>) {
  let draining = false;
  let migrated = false;

  async function database() {
    await withTimeout(sql`select 1`.execute(deps.db), 'The database');
    return 'ok';
  }
  async function storage() {
    await withTimeout(deps.storage.stat('readiness/probe'), 'Storage');
    return 'ok';
  }
  async function migrations() {
    if (migrated) return 'ok';
    const schema = deps.dialect === 'postgres' ? deps.config.databaseSchema : undefined;
    const pending = await withTimeout(pendingMigrations(deps.db, deps.dialect, schema), 'The database');
    if (pending.length > 0) {
      const names = pending.length > 2 ? `${pending[0]} … ${pending.at(-1)}` : pending.join(', ');
      throw new Error(`${pending.length} pending (${names}); run npm run migrate`);
    }
    migrated = true;
    return 'ok';
  }

  return {
    /** SIGTERM: from now on readiness is red, whatever the checks say. */
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check(): Promise<ReadinessReport> {
      const [db, files, schema] = await Promise.allSettled([database(), storage(), migrations()]);
      const text = (r: PromiseSettledResult<string>) => (r.status === 'fulfilled' ? r.value : `failed: ${reason(r.reason)}`);
      const checks = {
        database: text(db),
        storage: text(files),
        migrations: text(schema),
        lifecycle: draining ? 'shutting down' : 'ok',
      };
      return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
    },
  };
}
