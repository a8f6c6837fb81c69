import { timingSafeEqual } from 'node:crypto';
import { Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { RETRY_AFTER_SECONDS } from '../http/unavailable.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Health (the process answers), readiness (it should get traffic) and, with METRICS_TOKEN,
 * Prometheus metrics. None needs a session; /metrics needs its bearer token.
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  options: { readiness: Readiness; metrics: Metrics; metricsToken: string | undefined; role: 'all' | 'worker' },
) {
  const { readiness, metrics, metricsToken } = options;

  if (options.role === 'worker') {
    // A worker runs jobs; over HTTP it answers only the probes and metrics.
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (path === '/api/health' || path === '/api/ready' || path === '/metrics') return;
      return reply.status(404).send(errorBody([{ code: 'not_found', message: Messages.workerOnly }]));
    });
  }

  app.get('/api/health', { schema: { hide: true } }, async () => ({
    data: { status: 'ok', uptime_seconds: Math.round(process.uptime()) },
  }));

  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const report = await readiness.check();
    reply.header('Cache-Control', 'no-store');
    if (report.ready) return { data: { status: 'ready', checks: report.checks } };
    const failing = Object.entries(report.checks)
      .filter(([, value]) => value !== 'ok')
      .map(([name, value]) => `${name} ${value}`);
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send({ errors: [{ code: 'unavailable', message: `Not ready: ${failing.join('; ')}.` }], checks: report.checks });
  });

  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, metricsToken)) {
        return reply.status(401).send(errorBody([{ code: 'unauthenticated', message: Messages.metricsTokenRequired }]));
      }
      reply.header('Content-Type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  }
}
