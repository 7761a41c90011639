import { type EntityDefinition, hasGeneratedKey, keyFieldOf, splitId, splitPathId, type Viewer } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import type { LooseRecord } from '../db/repository.js';
import type { RecordKey } from '../domain/entity-domain.js';
import { domainOf } from '../domain/index.js';
import { maskRecord } from '../domain/records.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryOf, queryParam } from '../http/params.js';
import { parseListQuery } from './list-query.js';

function idOf(request: FastifyRequest, def: EntityDefinition): RecordKey {
  const id = queryParam(request, 'id');
  const parsed = def.pathName ? splitPathId(id) : splitId(id);
  if (!parsed) throw new AppError('badId', { id });
  return parsed;
}

/**
 * The key a delete or an update names: ?id=owner/name, else the body's owner and key (its name, or
 * the definition's keyField: Casdoor's update-ldap and delete-ldap send only the record; a fixed
 * owner wins).
 */
function namedKeyOf(request: FastifyRequest, def: EntityDefinition): RecordKey {
  if (queryParam(request, 'id')) return idOf(request, def);
  const body = bodyOf(request);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { owner: def.fixedOwner ?? text(body.owner), name: text(body[keyFieldOf(def)]) };
}

/**
 * Another answer of an entity's list call for some parameters (get-groups?withTree=true), or
 * undefined for the generic list.
 */
export type ListVariant = (ctx: ServerContext, request: FastifyRequest, viewer: Viewer | null) => Promise<unknown>;

/** Completes a get-x answer for some parameters (get-enforcer?loadModelCfg=true). */
export type ReadExtra = (ctx: ServerContext, request: FastifyRequest, answer: LooseRecord) => Promise<LooseRecord>;

/**
 * The five wire routes of one entity: get-xs, get-x, add-x, update-x, delete-x. They read the
 * request and answer the envelope; the entity's domain (domain/entity-domain.ts) decides the rest:
 * validation, who may see and change what, organization scoping, masking, built-in protections
 * and the entity's own rules, in one transaction per write.
 */
export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  def: EntityDefinition,
  variant?: ListVariant,
  readExtra?: ReadExtra,
) {
  const domain = domainOf(def);

  const list = async (request: FastifyRequest, global: boolean) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const special = global ? undefined : await variant?.(ctx, request, viewer);
    if (special !== undefined) return special;
    const params = parseListQuery(def, queryOf(request));
    const { records, total } = await domain.listFor(ctx, viewer, params, global);
    return ok(records, total);
  };

  app.get(`/api/get-${def.plural}`, (request) => list(request, false));
  for (const alias of def.globalListAliases ?? []) app.get(`/api/${alias}`, (request) => list(request, true));

  // The signed-in account's own records (get-permissions-by-submitter): all of them, or a page.
  if (def.ownRecords) {
    app.get(`/api/${def.ownRecords.listCall}`, async (request) => {
      const { viewer } = await requireAccount(ctx, request);
      const { records, total } = await domain.listOwn(ctx, viewer, parseListQuery(def, queryOf(request)));
      return ok(records, total ?? records.length);
    });
  }

  app.get(`/api/get-${def.name}`, async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    // Secrets of definitions that answer them on request only (providers): ?withSecret=1, as Casdoor's.
    const answer = await domain.readFor(ctx, viewer, idOf(request, def), queryParam(request, 'withSecret') === '1');
    return ok(answer && readExtra ? await readExtra(ctx, request, answer) : answer);
  });

  app.post(`/api/add-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const record = await domain.create(ctx, viewer, request.body);
    return ok('Affected', maskRecord(def, record, viewer));
  });

  app.post(`/api/update-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const columns = queryParam(request, 'columns').split(',').filter(Boolean);
    // Casdoor's update-ldap names the record in its body; other updates name it with ?id= (a body's new name is a rename).
    const key = hasGeneratedKey(def) ? namedKeyOf(request, def) : idOf(request, def);
    await domain.update(ctx, viewer, key, request.body, {
      columns: columns.length > 0 ? columns : undefined,
    });
    return ok('Affected');
  });

  app.post(`/api/delete-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const affected = await domain.remove(ctx, viewer, namedKeyOf(request, def));
    return ok(affected ? 'Affected' : 'Unaffected');
  });
}
