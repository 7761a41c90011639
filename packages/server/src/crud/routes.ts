import {
  ADMIN_OWNER,
  allows,
  type EntityDefinition,
  fieldEntries,
  listScope,
  nowRfc3339,
  organizationOf,
  splitId,
  splitPathId,
  type Viewer,
} from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { EntityHooks } from './hooks.js';
import { parseListQuery } from './list-query.js';
import { canUpdate, checkName, firstLockedChange, maskRecord, mergeForUpdate, parseIncoming } from './records.js';
import type { Rec } from './repository.js';

type Query = Record<string, string | undefined>;

function idOf(request: FastifyRequest, def: EntityDefinition<any>): { owner: string; name: string } {
  const id = (request.query as Query).id ?? '';
  const parsed = def.pathName ? splitPathId(id) : splitId(id);
  if (!parsed) throw new AppError('badId', { id });
  return parsed;
}

function isSelf(def: EntityDefinition<any>, viewer: Viewer | null, record: Rec): boolean {
  return !!viewer && (def.isSelf?.(viewer, record) ?? false);
}

function refuse(viewer: Viewer | null): never {
  throw new AppError(viewer ? 'unauthorized' : 'pleaseLogin');
}

/**
 * Adds a record as add-x does (validation, access, locked fields, duplicate check, the entity's
 * hooks, all in one transaction) and returns it as stored. Also used by imports.
 */
export async function addRecord(
  ctx: ServerContext,
  def: EntityDefinition<any>,
  hooks: EntityHooks,
  viewer: Viewer,
  body: unknown,
): Promise<Rec> {
  const repo = ctx.repo(def);
  const { values, provided } = parseIncoming(def, body);
  const record: Rec = {};
  for (const [key, field] of fieldEntries(def)) record[key] = key in values ? values[key] : field.empty();
  if (def.fixedOwner) record.owner = def.fixedOwner;
  record.createdTime = nowRfc3339();
  if ('updatedTime' in def.fields) record.updatedTime = record.createdTime;
  checkName(record.name, def);
  if (!record.owner) throw new AppError('invalidField', { field: 'owner', detail: 'cannot be empty' });
  if (!allows(def.access.create, viewer, organizationOf(def, record))) refuse(viewer);
  const locked = firstLockedChange(def, viewer, undefined, record);
  if (locked) throw new AppError('fieldLocked', { field: locked });

  await ctx.database.db.transaction().execute(async (trx) => {
    if (await repo.exists(String(record.owner), String(record.name), trx)) {
      throw new AppError('duplicate', { entity: def.name, id: `${record.owner}/${record.name}` });
    }
    await hooks.beforeAdd?.({ trx, viewer, server: ctx }, record, provided);
    await repo.insert(record, trx);
  });
  return record;
}

/**
 * Registers the five wire routes of one entity: get-xs, get-x, add-x, update-x, delete-x.
 * Validation, allow-listed search and sort, organization scoping, masking and built-in
 * protections are the same for every entity; `hooks` add what differs.
 */
export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  def: EntityDefinition<any>,
  hooks: EntityHooks = {},
) {
  const repo = ctx.repo(def);
  const label = def.name;
  // A shared record (owner admin) is readable by whoever may read records of their own organization.
  const mayRead = (viewer: Viewer | null, organization: string, self: boolean) =>
    allows(def.access.read, viewer, organization, self) ||
    (!!def.shared && organization === ADMIN_OWNER && !!viewer && allows(def.access.read, viewer, viewer.owner));

  const list = async (request: FastifyRequest, global: boolean) => {
    const account = await accountOf(ctx, request);
    const viewer = account?.viewer ?? null;
    const params = parseListQuery(def, request.query as Query);
    // get-global-xs lists across organizations: global admins only.
    if (global) {
      if (viewer?.level !== 'globalAdmin') refuse(viewer);
      params.organization = '';
    }
    let scope = params.organization;
    if (def.access.list !== 'anyone') {
      if (!viewer) refuse(null);
      const held = listScope(viewer, params.organization);
      if (held === null || !allows(def.access.list, viewer, held)) refuse(viewer);
      scope = held;
    }
    // Some lists show ordinary members only what is theirs (resources: the ones they uploaded).
    if (viewer && hooks.listFilter) params.where = hooks.listFilter(viewer);
    const { records, total } = await repo.list(params, scope);
    return ok(
      records.map((r) => maskRecord(def, r, viewer)),
      total,
    );
  };

  app.get(`/api/get-${def.plural}`, (request) => list(request, false));
  for (const alias of def.globalListAliases ?? []) app.get(`/api/${alias}`, (request) => list(request, true));

  app.get(`/api/get-${def.name}`, async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const { owner, name } = idOf(request, def);
    // The organization is known from the id for owner-scoped entities: refuse before looking.
    if (def.orgField === 'owner' && !mayRead(viewer, owner, isSelf(def, viewer, { owner, name }))) refuse(viewer);
    if (def.orgField === 'name' && !allows(def.access.read, viewer, name)) refuse(viewer);
    const record = await repo.get(owner, name);
    if (!record) return ok(null);
    if (!mayRead(viewer, organizationOf(def, record), isSelf(def, viewer, record))) refuse(viewer);
    return ok(maskRecord(def, record, viewer));
  });

  app.post(`/api/add-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const record = await addRecord(ctx, def, hooks, viewer, request.body);
    return ok('Affected', maskRecord(def, record, viewer));
  });

  app.post(`/api/update-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const { owner, name } = idOf(request, def);
    const columns = (request.query as Query).columns?.split(',').filter(Boolean);
    const { values, provided } = parseIncoming(def, request.body, columns);

    await ctx.database.db.transaction().execute(async (trx) => {
      const before = await repo.get(owner, name, trx);
      if (!before) throw new AppError('missing', { entity: label, id: `${owner}/${name}` });
      if (!canUpdate(def, viewer, before)) refuse(viewer);
      const next = mergeForUpdate(def, before, values);
      if (def.fixedOwner) next.owner = def.fixedOwner;
      checkName(next.name, def);
      // Moving a record to another organization needs the right in that organization too.
      if (organizationOf(def, next) !== organizationOf(def, before) && !canUpdate(def, viewer, next)) refuse(viewer);
      const locked = firstLockedChange(def, viewer, before, next);
      if (locked) throw new AppError('fieldLocked', { field: locked });
      if ('updatedTime' in def.fields) next.updatedTime = nowRfc3339();

      const renamed = next.owner !== before.owner || next.name !== before.name;
      if (renamed && (await repo.exists(String(next.owner), String(next.name), trx))) {
        throw new AppError('duplicate', { entity: label, id: `${next.owner}/${next.name}` });
      }
      await hooks.beforeUpdate?.({ trx, viewer, server: ctx }, before, next, provided);
      await repo.update(owner, name, next, trx);
      if (renamed) await hooks.afterRename?.({ trx, viewer, server: ctx }, before, next);
    });
    return ok('Affected');
  });

  app.post(`/api/delete-${def.name}`, async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const query = request.query as Query;
    const body = (request.body ?? {}) as Rec;
    const key = query.id ? idOf(request, def) : { owner: String(body.owner ?? ''), name: String(body.name ?? '') };
    if (def.fixedOwner && !query.id) key.owner = def.fixedOwner;

    let affected = false;
    await ctx.database.db.transaction().execute(async (trx) => {
      const record = await repo.get(key.owner, key.name, trx);
      if (!record) return;
      if (!allows(def.access.delete, viewer, organizationOf(def, record), isSelf(def, viewer, record))) refuse(viewer);
      // Built-in records first (whoever asks), then what only this viewer may not delete (itself).
      if (def.undeletable?.(record, null)) throw new AppError('undeletable', { entity: label, id: `${key.owner}/${key.name}` });
      if (def.undeletable?.(record, viewer)) throw new AppError('deleteSelf');
      await hooks.beforeDelete?.({ trx, viewer, server: ctx }, record);
      affected = (await repo.delete(key.owner, key.name, trx)) > 0;
    });
    return ok(affected ? 'Affected' : 'Unaffected');
  });
}
