import { ADMIN_OWNER, type Group, group as groupDef, organization as organizationDef } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { likePattern } from '../db/list.js';
import { AppError } from '../errors.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';
import { users } from './user.js';

/** A group's id as users record it in their `groups` list. */
export function groupId(group: Pick<Group, 'owner' | 'name'>): string {
  return `${group.owner}/${group.name}`;
}

/**
 * The users (owner, name, groups) whose `groups` list holds `id`, at most `limit`. The list is
 * stored as JSON text, so the match is on the quoted id inside it, confirmed on the parsed list.
 */
export async function usersInGroup(
  trx: Db,
  id: string,
  limit?: number,
): Promise<{ owner: string; name: string; groups: string[] }[]> {
  let q = trx
    .selectFrom('user')
    .select(['owner', 'name', 'groups'])
    .where(sql<boolean>`${sql.ref('groups')} like ${likePattern(JSON.stringify(id))} escape '!'`);
  if (limit !== undefined) q = q.limit(limit);
  const rows = await q.execute();
  return rows.filter((row) => row.groups.includes(id));
}

/** Replaces (or, with `to` null, removes) the group id `from` in the `groups` list of every user holding it. */
async function followInUsers(ctx: HookContext, from: string, to: string | null): Promise<void> {
  for (const member of await usersInGroup(ctx.trx, from)) {
    const groups = to === null ? member.groups.filter((g) => g !== from) : member.groups.map((g) => (g === from ? to : g));
    await users.update(ctx.server, 'system', member, { groups }, { columns: ['groups'], trx: ctx.trx });
  }
}

/** Whether a group of `owner` other than `except` has `parent` as its parent. */
async function hasChildren(trx: Db, owner: string, parent: string, except?: string): Promise<boolean> {
  let q = trx.selectFrom('group').select('name').where('owner', '=', owner).where('parentId', '=', parent);
  if (except !== undefined) q = q.where('name', '!=', except);
  return !!(await q.limit(1).executeTakeFirst());
}

async function setHaveChildren(trx: Db, owner: string, name: string, haveChildren: boolean): Promise<void> {
  await trx.updateTable('group').set({ haveChildren }).where('owner', '=', owner).where('name', '=', name).execute();
}

/** Sets a parent group's `haveChildren` from its subgroups other than `except` (the one leaving it). */
async function markParent(trx: Db, owner: string, parent: string, except: string): Promise<void> {
  await setHaveChildren(trx, owner, parent, await hasChildren(trx, owner, parent, except));
}

/** A group cannot share its name with an organization: parent ids name either. */
async function refuseOrganizationName(server: ServerContext, trx: Db, name: string): Promise<void> {
  if (await server.repo(organizationDef).exists(ADMIN_OWNER, name, trx)) {
    throw new AppError('groupNameIsOrganization', { name });
  }
}

/**
 * Settles the parent: none means the organization; the organization makes a top group; otherwise
 * the parent is a group of the same organization that is neither the group nor below it.
 */
async function settleParent(ctx: HookContext, group: Group, ownName: string): Promise<void> {
  if (!group.parentId) group.parentId = group.owner;
  group.isTopGroup = group.parentId === group.owner;
  if (group.isTopGroup) return;
  const repo = ctx.server.repo(groupDef);
  let current = await repo.get(group.owner, group.parentId, ctx.trx);
  if (!current) throw new AppError('groupParentMissing', { parent: group.parentId, owner: group.owner });
  // Walk up to the organization: meeting the group itself would make a cycle.
  const seen = new Set<string>();
  while (current) {
    if (current.name === ownName || current.name === group.name || seen.has(current.name)) {
      throw new AppError('groupParentCycle', { name: group.name });
    }
    seen.add(current.name);
    if (current.parentId === current.owner) break;
    current = await repo.get(current.owner, current.parentId, ctx.trx);
  }
}

/**
 * Groups: a parent within the organization (no cycles), a name that is no organization's, and a
 * tree the server keeps consistent: `isTopGroup` follows the parent, `haveChildren` the subgroups;
 * a rename is followed by the subgroups and the users' group lists; a group with subgroups
 * (`undeletable`) or users is not deleted.
 */
export const groups = new EntityDomain(groupDef, {
  beforeAdd: async (ctx, group) => {
    await requireOrganization(ctx.server, group.owner, ctx.trx);
    await refuseOrganizationName(ctx.server, ctx.trx, group.name);
    await settleParent(ctx, group, group.name);
    group.haveChildren = false;
    if (!group.isTopGroup) await setHaveChildren(ctx.trx, group.owner, group.parentId, true);
  },
  beforeUpdate: async (ctx, before, next) => {
    const moved = next.owner !== before.owner;
    if (moved) {
      await requireOrganization(ctx.server, next.owner, ctx.trx);
      if (before.haveChildren) throw new AppError('groupMoveWithSubgroups');
      // A top group stays a top group of its new organization.
      if (before.parentId === before.owner) next.parentId = next.owner;
    }
    if (next.name !== before.name) await refuseOrganizationName(ctx.server, ctx.trx, next.name);
    await settleParent(ctx, next, before.name);
    if (moved || next.name !== before.name || next.parentId !== before.parentId) {
      if (!before.isTopGroup) await markParent(ctx.trx, before.owner, before.parentId, before.name);
      if (!next.isTopGroup) await setHaveChildren(ctx.trx, next.owner, next.parentId, true);
    }
  },
  afterRename: async (ctx, before, after) => {
    const { trx } = ctx;
    // Subgroups follow a new name (a group with subgroups does not change organization).
    if (after.name !== before.name) {
      await trx
        .updateTable('group')
        .set({ parentId: after.name })
        .where('owner', '=', before.owner)
        .where('parentId', '=', before.name)
        .execute();
    }
    await followInUsers(ctx, groupId(before), groupId(after));
  },
  beforeDelete: async (ctx, group) => {
    if (await hasChildren(ctx.trx, group.owner, group.name)) throw new AppError('groupHasSubgroups');
    if ((await usersInGroup(ctx.trx, groupId(group), 1)).length > 0) {
      throw new AppError('groupHasUsers', { id: groupId(group) });
    }
    if (!group.isTopGroup) await markParent(ctx.trx, group.owner, group.parentId, group.name);
  },
});
