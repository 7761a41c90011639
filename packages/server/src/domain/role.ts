import { group as groupDef, type Role, role as roleDef, user as userDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';
import { followIdReferences } from './references.js';

/** A role's id as members lists record it. */
export function roleId(role: Pick<Role, 'owner' | 'name'>): string {
  return `${role.owner}/${role.name}`;
}

/** Every id of `ids` must name a record of `kind` in the organization `owner`. */
async function requireMembers(
  server: ServerContext,
  trx: Db,
  owner: string,
  kind: 'user' | 'group' | 'role',
  ids: string[],
): Promise<void> {
  const exists = (name: string) => {
    if (kind === 'user') return server.repo(userDef).exists(owner, name, trx);
    if (kind === 'group') return server.repo(groupDef).exists(owner, name, trx);
    return server.repo(roleDef).exists(owner, name, trx);
  };
  for (const id of ids) {
    const slash = id.indexOf('/');
    const memberOwner = id.slice(0, slash);
    const name = id.slice(slash + 1);
    if (slash <= 0 || memberOwner !== owner || !name || !(await exists(name))) {
      throw new AppError('roleMemberMissing', { kind, id, owner });
    }
  }
}

/**
 * The sub-roles may not lead back to the role: neither the role itself (under its stored or new
 * name) nor a role whose sub-roles, followed down, contain it.
 */
async function refuseCycle(ctx: HookContext, role: Role, ownIds: string[]): Promise<void> {
  const own = new Set(ownIds);
  for (const sub of role.roles) if (own.has(sub)) throw new AppError('roleContainsItself', { id: roleId(role) });
  const repo = ctx.server.repo(roleDef);
  const seen = new Set<string>();
  for (const start of role.roles) {
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift() ?? '';
      if (seen.has(id)) continue;
      seen.add(id);
      const slash = id.indexOf('/');
      const current = await repo.get(id.slice(0, slash), id.slice(slash + 1), ctx.trx);
      for (const next of current?.roles ?? []) {
        if (own.has(next)) throw new AppError('roleCycle', { sub: start, id: roleId(role) });
        queue.push(next);
      }
    }
  }
}

async function checkRole(ctx: HookContext, role: Role, ownIds: string[]): Promise<void> {
  await requireOrganization(ctx.server, role.owner, ctx.trx);
  role.users = [...new Set(role.users)];
  role.groups = [...new Set(role.groups)];
  role.roles = [...new Set(role.roles)];
  role.domains = [...new Set(role.domains)];
  await requireMembers(ctx.server, ctx.trx, role.owner, 'user', role.users);
  await requireMembers(ctx.server, ctx.trx, role.owner, 'group', role.groups);
  if (role.roles.some((id) => ownIds.includes(id))) throw new AppError('roleContainsItself', { id: roleId(role) });
  await requireMembers(ctx.server, ctx.trx, role.owner, 'role', role.roles);
  await refuseCycle(ctx, role, ownIds);
}

/**
 * Roles: users, groups and sub-roles are ids of records of the role's
 * organization that exist; a role never contains itself, nor a role that leads back to it; a rename
 * or delete is followed by the roles and permissions that name it (references.ts), in the same
 * transaction.
 */
export const roles = new EntityDomain(roleDef, {
  beforeAdd: (ctx, role) => checkRole(ctx, role, [roleId(role)]),
  beforeUpdate: (ctx, before, next) => checkRole(ctx, next, [...new Set([roleId(before), roleId(next)])]),
  afterRename: (ctx, before, after) => followIdReferences(ctx.server, ctx.trx, 'role', roleId(before), roleId(after)),
  beforeDelete: (ctx, role) => followIdReferences(ctx.server, ctx.trx, 'role', roleId(role), null),
});
