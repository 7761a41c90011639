import {
  foreignMember,
  isAdmin,
  isGlobalAdmin,
  isMemberValue,
  MEMBER_FIELDS,
  nowRfc3339,
  type Permission,
  permissionActions,
  permission as permissionDef,
  permissionModelOwner,
  permissionProblem,
  role as roleDef,
  splitId,
  type Viewer,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { likePattern } from '../db/list.js';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { refusal, viewerOf } from './actor.js';
import { fitPermissionToModel, syncPermissionRows } from './authorization/permission-rows.js';
import { EntityDomain, inTransaction } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';
import { maskRecord } from './records.js';

/** The record-level save rules of a permission and the shapes of members and actions. */
function checkPermission(p: Permission): void {
  for (const field of MEMBER_FIELDS) {
    p[field] = [...new Set(p[field])];
    const invalid = p[field].find((value) => !isMemberValue(value));
    if (invalid !== undefined) throw new AppError('permissionMemberInvalid', { field, value: invalid });
  }
  p.domains = [...new Set(p.domains)];
  p.resources = [...new Set(p.resources)];
  p.actions = [...new Set(p.actions)];
  const problem = permissionProblem(p);
  if (problem) throw new AppError(problem);
  const allowed = permissionActions(p.resourceType);
  const wrong = allowed && p.actions.find((action) => !allowed.includes(action));
  if (wrong) throw new AppError('permissionActionInvalid', { action: wrong, type: p.resourceType, actions: allowed.join(', ') });
}

/**
 * A permission names only users, groups and roles of its own organization (or All), on every save:
 * one of another organization is refused, not kept, whether it was sent or stored, and whether or
 * not the permission moves (the console drops them when the organization changes).
 */
function refuseOtherOrganizations(p: Permission): void {
  const foreign = foreignMember(p);
  if (foreign) throw new AppError('permissionMemberOtherOrganization', { ...foreign, organization: p.owner });
}

/**
 * A permission moved to another organization keeps no model or adapter of the one it leaves (the
 * console clears both when the organization changes). A value sent unchanged was written under the
 * organization left: a bare model name and an adapter name (always a name in the permission's
 * organization) are that organization's; a model named by id is its owner's.
 */
function refuseModelOfOtherOrganization(before: Permission, next: Permission): void {
  if (next.owner === before.owner) return;
  const modelOwner = permissionModelOwner(next.model === before.model ? before : next);
  if (modelOwner && modelOwner !== next.owner)
    throw new AppError('permissionModelOtherOrganization', { field: 'model', value: next.model, organization: next.owner });
  if (next.adapter && next.adapter === before.adapter)
    throw new AppError('permissionModelOtherOrganization', { field: 'adapter', value: next.adapter, organization: next.owner });
}

/** A member who is no administrator changes and deletes only the permissions they submitted. */
function requireSubmitter(ctx: HookContext, stored: Permission): void {
  const viewer = viewerOf(ctx.actor);
  if (viewer && !isAdmin(viewer) && stored.submitter !== viewer.name) throw new AppError('permissionNotSubmitter');
}

/** Approval: Approved records who approved and when; Pending clears both. */
function settleApproval(p: Permission, viewer: Viewer | null): void {
  if (p.state === 'Approved') {
    p.approver = viewer?.name ?? p.approver;
    p.approveTime = nowRfc3339();
  } else {
    p.approver = '';
    p.approveTime = '';
  }
}

/**
 * Permissions. The submitter is whoever adds one; a member's
 * start Pending, a global administrator's Approved unless sent otherwise; only global
 * administrators change the state (the field's rule), and the server records approver and approve
 * time. Members who are not administrators see (`ownRecords`), change and delete only what they
 * submitted. Users, groups and roles are All (*), all of an organization ({organization}/*) or ids;
 * users and roles are not both empty, resources and actions never; the actions are those of the
 * resource type (every type for Custom); members are of the permission's organization, and a permission
 * moved to another organization keeps no model or adapter of the one it leaves.
 */
export const permissions = new EntityDomain(permissionDef, {
  beforeAdd: async (ctx, p, provided) => {
    await requireOrganization(ctx.server, p.owner, ctx.trx);
    const viewer = viewerOf(ctx.actor);
    if (viewer) {
      p.submitter = viewer.name;
      if (!isGlobalAdmin(viewer)) p.state = 'Pending';
      else if (!provided.has('state')) p.state = 'Approved';
    }
    refuseOtherOrganizations(p);
    await fitPermissionToModel(ctx.server, ctx.trx, p);
    checkPermission(p);
    if (viewer || p.state !== 'Approved' || !p.approveTime) settleApproval(p, viewer);
    await syncPermissionRows(ctx.server, ctx.trx, undefined, p);
  },
  beforeUpdate: async (ctx, before, next) => {
    requireSubmitter(ctx, before);
    if (next.owner !== before.owner) await requireOrganization(ctx.server, next.owner, ctx.trx);
    refuseOtherOrganizations(next);
    refuseModelOfOtherOrganization(before, next);
    await fitPermissionToModel(ctx.server, ctx.trx, next);
    checkPermission(next);
    if (next.state !== before.state) settleApproval(next, viewerOf(ctx.actor));
    await syncPermissionRows(ctx.server, ctx.trx, before, next);
  },
  beforeDelete: async (ctx, p) => {
    requireSubmitter(ctx, p);
    await syncPermissionRows(ctx.server, ctx.trx, p, undefined);
  },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * POST /api/update-permissions: several permissions (Casdoor's body, a list of whole permissions,
 * each under its own owner and name), all or none, each through the permission domain. Answers
 * whether one existed and was changed.
 */
export async function updatePermissions(server: ServerContext, viewer: Viewer, body: unknown): Promise<boolean> {
  if (!Array.isArray(body)) throw new AppError('permissionBodyNotList');
  return inTransaction(server, undefined, async (trx) => {
    let affected = false;
    for (const item of body) {
      if (!isRecord(item)) throw new AppError('permissionBodyNotList');
      const { owner, name } = item;
      if (typeof owner !== 'string' || typeof name !== 'string')
        throw new AppError('badId', { id: `${String(owner)}/${String(name)}` });
      if (!(await server.repo(permissionDef).exists(owner, name, trx))) continue;
      await permissions.update(server, viewer, { owner, name }, item, { trx });
      affected = true;
    }
    return affected;
  });
}

/**
 * GET /api/get-permissions-by-role?id=: the permissions of the role's organization that name the
 * role, for whoever may read the role (its organization's administrators).
 */
export async function permissionsByRole(server: ServerContext, viewer: Viewer | null, id: string): Promise<LooseRecord[]> {
  const key = splitId(id);
  if (!key) throw new AppError('badId', { id });
  const role = await server.repo(roleDef).get(key.owner, key.name);
  if (!role) throw new AppError('missing', { entity: 'role', id });
  if (!viewer || !isAdmin(viewer) || (!isGlobalAdmin(viewer) && viewer.owner !== role.owner)) throw refusal(viewer);
  const rows = await server.database.db
    .selectFrom('permission')
    .selectAll()
    .where('owner', '=', role.owner)
    .where(sql<boolean>`${sql.ref('roles')} like ${likePattern(JSON.stringify(id))} escape '!'`)
    .orderBy('createdTime', 'desc')
    .execute();
  return rows.filter((row) => row.roles.includes(id)).map((row) => maskRecord(permissionDef, row, viewer));
}
