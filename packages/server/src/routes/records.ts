import type { FastifyInstance } from 'fastify';
import { accountOf } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { recordsMatching } from '../domain/record.js';
import { ok } from '../http/envelope.js';

/**
 * POST /api/get-records-filter (Casdoor's): the records matching every non-empty field of the
 * body, for administrators (organization admins: their organization's). The list, get-records, is
 * the generic list route of the Record entity; the records themselves are written by the server
 * only (plugins/recording.ts).
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/get-records-filter', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    return ok(await recordsMatching(ctx, viewer, request.body ?? {}));
  });
}
