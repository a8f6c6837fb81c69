import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, plugins' included; the authorization matrix and the fuzz test walk it. */
    routeTable: readonly RouteOptions[];
  }
}

/** Records each route as it is registered; call before anything registers routes. */
export function recordRouteTable(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}
