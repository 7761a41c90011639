import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { testSyncerConnection } from '../domain/syncer/connection.js';
import { runSyncerFor } from '../domain/syncer/runner.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';

/** Syncers' calls beyond the generic five (Casdoor's controllers/syncer.go). */
export function registerSyncerRoutes(app: FastifyInstance, ctx: ServerContext) {
  // GET /api/run-syncer?id=admin/{name}: a sync now; data holds its counts (Casdoor answers none).
  app.get('/api/run-syncer', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok(await runSyncerFor(ctx, viewer, queryParam(request, 'id')));
  });

  // POST /api/test-syncer-db (body: the syncer being edited): status ok, or the failure's msg.
  app.post('/api/test-syncer-db', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    await testSyncerConnection(ctx, viewer, request.body);
    return ok();
  });
}
