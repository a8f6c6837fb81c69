import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import { runInRequest } from '../lib/request-context.ts';
import type { Metrics } from '../operations/metrics.ts';

const QUIET_ROUTES = new Set(['/api/health', '/api/ready', '/metrics']);

/** The request id: the caller's X-Request-Id when it is a plain token (a proxy's), else a new one. */
export function requestIdOf(raw: RawRequestDefaultExpression): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * One JSON line per request at info (probes at debug) with its request id, which the
 * response repeats in X-Request-Id and jobs the request enqueues carry into their logs;
 * and the request's latency for the metrics.
 */
export function registerAccessLog(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    runInRequest(request.id, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      ...(request.actor ? { userId: request.actor.user.id } : {}),
    };
    if (QUIET_ROUTES.has(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
