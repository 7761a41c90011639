import type { FastifyInstance } from 'fastify';

/** One method and path the server answers, as registered. */
export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Records every route as it is registered (HEAD twins of GET routes left out), so that a test can
 * enumerate what the server answers: the authorization matrix fails on a route it has no rule for.
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  return routes;
}
