import type { FastifyInstance } from 'fastify';
import { accountOf } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { dashboardOf } from '../domain/dashboard.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';

/** GET /api/get-dashboard?owner= (Casdoor's wire): the home dashboard's daily totals. */
export function registerDashboardRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/get-dashboard', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    return ok(await dashboardOf(ctx, viewer, queryParam(request, 'owner')));
  });
}
