import { application as applicationDef } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { organizationApplications } from '../domain/application.js';
import { ok } from '../http/envelope.js';
import { queryOf } from '../http/params.js';
import { parseListQuery } from './list-query.js';

/**
 * GET /api/get-organization-applications?owner=admin&organization=&p=&pageSize= (Casdoor's wire):
 * the applications a member of the organization may launch (the /apps page), secrets masked.
 */
export function registerLauncherRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/get-organization-applications', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const { records, total } = await organizationApplications(ctx, viewer, parseListQuery(applicationDef, queryOf(request)));
    return ok(records, total);
  });
}
