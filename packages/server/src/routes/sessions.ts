import { session as sessionDef } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import {
  addSession,
  deleteSessions,
  isSessionDuplicated,
  listSessions,
  parseSessionPkId,
  readSession,
  updateSession,
} from '../domain/session.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryOf, queryParam } from '../http/params.js';
import { parseListQuery } from './list-query.js';

/**
 * Casdoor's session calls (domain/session.ts): the list, one Session by sessionPkId
 * (owner/name/application), add and update (an application records its own session ids; they
 * sign no one in), delete (all of a user's sessions in an application, or the one `sessionId`
 * names) and the duplicate check. Sign-in sessions are made by signing in only.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/get-sessions', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const { records, total } = await listSessions(ctx, viewer, parseListQuery(sessionDef, queryOf(request)));
    return ok(records, total);
  });

  app.get('/api/get-session', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    return ok(await readSession(ctx, viewer, parseSessionPkId(queryParam(request, 'sessionPkId'))));
  });

  app.post('/api/add-session', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok((await addSession(ctx, viewer, bodyOf(request))) ? 'Affected' : 'Unaffected');
  });

  app.post('/api/update-session', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok((await updateSession(ctx, viewer, bodyOf(request))) ? 'Affected' : 'Unaffected');
  });

  app.post('/api/delete-session', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const text = (name: string) => (typeof body[name] === 'string' ? String(body[name]) : '');
    const key = parseSessionPkId(`${text('owner')}/${text('name')}/${text('application')}`);
    const deleted = await deleteSessions(ctx, viewer, key, queryParam(request, 'sessionId') || undefined);
    return ok(deleted ? 'Affected' : 'Unaffected');
  });

  app.get('/api/is-session-duplicated', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const key = parseSessionPkId(queryParam(request, 'sessionPkId'));
    return ok(await isSessionDuplicated(ctx, viewer, key, queryParam(request, 'sessionId')));
  });
}
