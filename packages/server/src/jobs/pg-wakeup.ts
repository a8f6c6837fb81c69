import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { JobWakeup } from './table-queue.ts';

const RECONNECT_MS = 2000;

/**
 * LISTEN/NOTIFY on PostgreSQL: an enqueue NOTIFYs (inside its transaction, so the
 * wake-up arrives on commit) and every idle worker LISTENing wakes at once instead
 * of at its next poll. Polling stays as the safety net: a worker whose listening
 * connection dropped reconnects, then looks for work it may have missed.
 */
export function createPgWakeup(options: { connectionString: string; schema?: string | undefined; log: FastifyBaseLogger }): JobWakeup {
  const { connectionString, log } = options;
  // One channel per schema, so test schemas (and several apps on one server) do not wake each other.
  const channel = `hd_jobs${options.schema ? `_${options.schema}` : ''}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');

  return {
    async notify(db, name) {
      await sql`select pg_notify(${channel}, ${name})`.execute(db);
    },

    listen(onWake) {
      let client: pg.Client | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let closed = false;

      const reconnectLater = (broken: pg.Client) => {
        if (client === broken) client = undefined;
        broken.end().catch(() => {});
        if (closed || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, RECONNECT_MS);
        retry.unref();
      };

      const connect = async () => {
        if (closed) return;
        const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
        c.on('error', (err) => {
          log.warn({ code: (err as { code?: string }).code, reason: err.message }, 'job wake-up connection lost; reconnecting');
          reconnectLater(c);
        });
        c.on('end', () => reconnectLater(c));
        c.on('notification', () => onWake());
        try {
          await c.connect();
          await c.query(`LISTEN "${channel}"`);
          if (closed) {
            await c.end();
            return;
          }
          client = c;
          // Whatever was enqueued while not listening.
          onWake();
        } catch (err) {
          log.debug({ err }, 'job wake-up could not connect; retrying');
          reconnectLater(c);
        }
      };
      void connect();

      return async () => {
        closed = true;
        clearTimeout(retry);
        const c = client;
        client = undefined;
        await c?.end();
      };
    },
  };
}
