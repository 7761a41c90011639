import { isGlobalAdmin, may, type Permission, permission as permissionDef, splitId, type Viewer } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { SELECTOR_KINDS, type Selector } from '../domain/authorization/enforcement.js';
import { ownerOf } from '../domain/authorization/permission-policies.js';
import { parseIncoming } from '../domain/records.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';

type Kind = (typeof SELECTOR_KINDS)[number];

/** The one selector of an enforce call (Casdoor's messages for none or several). */
function selectorOf(request: FastifyRequest, kinds: readonly Kind[]): Selector {
  const given = kinds.map((kind) => ({ kind, value: queryParam(request, kind) })).filter((s) => s.value !== '');
  if (given.length > 1) throw new AppError('enforceOneSelector', { names: kinds.join(', ') });
  const [selector] = given;
  if (!selector) throw new AppError('missingParameter', { name: kinds.join(' | ') });
  return selector;
}

/** Members ask about their own organization; global administrators about any. */
function checkScope(viewer: Viewer, selector: Selector): void {
  if (isGlobalAdmin(viewer) || selector.kind === 'resourceId') return;
  if (ownerOf(selector.value) !== viewer.owner) throw new AppError('unauthorized');
}

/** Administrators of its organization, or the member who submitted it. */
function mayEditPermission(viewer: Viewer, record: Permission): boolean {
  if (!may(permissionDef, 'update', viewer, record)) return false;
  return viewer.level !== 'user' || record.submitter === viewer.name;
}

/** A request body: an array of values (strings, or objects for attribute-based models). */
function requestOf(body: unknown): unknown[] {
  if (body === undefined || body === null || body === '') throw new AppError('enforceEmptyBody');
  if (!Array.isArray(body) || body.some((v) => Array.isArray(v) || v === null)) throw new AppError('enforceBadRequest');
  return body;
}

function requestsOf(body: unknown): unknown[][] {
  if (!Array.isArray(body)) throw new AppError('enforceBadRequest');
  return body.map(requestOf);
}

/**
 * POST /api/enforce and /api/batch-enforce (Casdoor's wire: exactly one of permissionId, modelId,
 * resourceId (enforce only), enforcerId, owner; data = results, data2 = the model/adapter keys),
 * /api/enforce-explain (the same selectors: per enforcer, the decision, the rows that matched, the
 * deciding row and the role chains), GET /api/get-all-objects, get-all-actions, get-all-roles.
 */
export function registerEnforceRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/enforce', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const selector = selectorOf(request, SELECTOR_KINDS);
    checkScope(account.viewer, selector);
    const started = performance.now();
    const answer = await ctx.services.authorization.enforce(account.viewer, selector, requestOf(request.body));
    // The time the decision took inside the server, for benchmarks and operators (Server-Timing).
    reply.header('Server-Timing', `enforce;dur=${(performance.now() - started).toFixed(3)}`);
    return ok(answer.data, answer.keys);
  });

  app.post('/api/batch-enforce', async (request) => {
    const account = await requireAccount(ctx, request);
    const selector = selectorOf(
      request,
      SELECTOR_KINDS.filter((k) => k !== 'resourceId'),
    );
    checkScope(account.viewer, selector);
    const answer = await ctx.services.authorization.batchEnforce(account.viewer, selector, requestsOf(request.body));
    return ok(answer.data, answer.keys);
  });

  app.post('/api/enforce-explain', async (request) => {
    const account = await requireAccount(ctx, request);
    const selector = selectorOf(request, SELECTOR_KINDS);
    checkScope(account.viewer, selector);
    return ok(await ctx.services.authorization.explain(account.viewer, selector, requestOf(request.body)));
  });

  // The explain panel's inputs: the request fields of the selected enforcer's model (data) and the
  // actions its policy rows name (data2).
  app.get('/api/get-enforce-fields', async (request) => {
    const account = await requireAccount(ctx, request);
    const selector = selectorOf(request, SELECTOR_KINDS);
    checkScope(account.viewer, selector);
    const { fields, actions } = await ctx.services.authorization.requestFields(selector);
    return ok(fields, actions);
  });

  // What saving an edited permission would change (body: the permission as edited; id: the stored one).
  app.post('/api/simulate-permission', async (request) => {
    const account = await requireAccount(ctx, request);
    const id = queryParam(request, 'id');
    const key = splitId(id);
    if (!key) throw new AppError('badId', { id });
    const { owner, name } = key;
    const stored = await ctx.repo(permissionDef).get(owner, name);
    if (!stored || !mayEditPermission(account.viewer, stored)) throw new AppError('unauthorized');
    const { values } = parseIncoming(permissionDef, account.viewer, request.body);
    const edited = ctx.repo(permissionDef).toRecord({ ...stored, ...values, owner, name });
    return ok(await ctx.services.authorization.simulate(edited));
  });

  for (const what of ['objects', 'actions', 'roles'] as const) {
    app.get(`/api/get-all-${what}`, async (request) => {
      const account = await requireAccount(ctx, request);
      const userId = queryParam(request, 'userId') || `${account.viewer.owner}/${account.viewer.name}`;
      if (!isGlobalAdmin(account.viewer) && ownerOf(userId) !== account.viewer.owner) throw new AppError('unauthorized');
      return ok(await ctx.services.authorization.allOf(what, userId));
    });
  }
}
