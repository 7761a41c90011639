import type { Viewer } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { groupTree, removeUserFromGroup } from '../domain/group.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryParam } from '../http/params.js';

/** get-groups?owner=&withTree=true: the organization's groups as a tree (the group tree page). */
export async function groupTreeList(ctx: ServerContext, request: FastifyRequest, viewer: Viewer | null) {
  if (queryParam(request, 'withTree') !== 'true') return undefined;
  return ok(await groupTree(ctx, viewer, queryParam(request, 'owner')));
}

/** POST /api/remove-user-from-group (form or JSON: owner, name, groupName): the group tree's Remove. */
export function registerGroupRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/remove-user-from-group', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const text = (name: string) => {
      const value = body[name] ?? queryParam(request, name);
      return typeof value === 'string' ? value : '';
    };
    const removed = await removeUserFromGroup(ctx, viewer, { owner: text('owner'), name: text('name') }, text('groupName'));
    return ok(removed ? 'Affected' : 'Unaffected');
  });
}
