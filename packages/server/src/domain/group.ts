import {
  ADMIN_OWNER,
  type Group,
  type GroupTreeNode,
  group as groupDef,
  may,
  organization as organizationDef,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { LooseRecord } from '../db/repository.js';
import { typedRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import { EntityDomain, type RecordKey } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { membersOf } from './memberships.js';
import { requireOrganization } from './organization.js';
import { followIdReferences, followNameWithinOwner } from './references.js';
import { users } from './user.js';

/** A group's id as users record it in their `groups` list. */
export function groupId(group: Pick<Group, 'owner' | 'name'>): string {
  return `${group.owner}/${group.name}`;
}

/** Replaces (or, with `to` null, removes) the group id `from` in the `groups` list of every member. */
async function followInUsers(ctx: HookContext, from: string, to: string | null): Promise<void> {
  for (const member of await membersOf(ctx.trx, from)) {
    const user = await ctx.server.repo(userDef).get(member.owner, member.name, ctx.trx);
    if (!user) continue;
    const groups = to === null ? user.groups.filter((g) => g !== from) : user.groups.map((g) => (g === from ? to : g));
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
      await followNameWithinOwner(ctx.server, trx, groupDef, 'parentId', before.owner, before.name, after.name);
    }
    await followInUsers(ctx, groupId(before), groupId(after));
    await followIdReferences(ctx.server, trx, 'group', groupId(before), groupId(after));
  },
  // Casdoor's answer also names each group's users (owner/name) and its parent's display name:
  // two queries for the whole page.
  extend: async (server, _stored, records) => {
    if (records.length === 0) return records;
    const db = server.database.db;
    const idOf = (r: LooseRecord) => `${String(r.owner)}/${String(r.name)}`;
    const members = await db
      .selectFrom('userGroup')
      .select(['owner', 'name', 'groupId'])
      .where('groupId', 'in', records.map(idOf))
      .orderBy('groupId')
      .orderBy('owner')
      .orderBy('name')
      .execute();
    const parentIds = [...new Set(records.filter((r) => !r.isTopGroup).map((r) => String(r.parentId)))];
    const parents =
      parentIds.length === 0
        ? []
        : await db
            .selectFrom('group')
            .select(['owner', 'name', 'displayName'])
            .where('owner', 'in', [...new Set(records.map((r) => String(r.owner)))])
            .where('name', 'in', parentIds)
            .execute();
    return records.map((r) => ({
      ...r,
      users: members.filter((m) => m.groupId === idOf(r)).map((m) => `${m.owner}/${m.name}`),
      parentName: r.isTopGroup ? '' : (parents.find((p) => p.owner === r.owner && p.name === r.parentId)?.displayName ?? ''),
    }));
  },
  beforeDelete: async (ctx, group) => {
    if (await hasChildren(ctx.trx, group.owner, group.name)) throw new AppError('groupHasSubgroups');
    if ((await membersOf(ctx.trx, groupId(group), 1)).length > 0) {
      throw new AppError('groupHasUsers', { id: groupId(group) });
    }
    if (!group.isTopGroup) await markParent(ctx.trx, group.owner, group.parentId, group.name);
    await followIdReferences(ctx.server, ctx.trx, 'group', groupId(group), null);
  },
});

/**
 * The groups of `owner` as a tree under the organization, as `viewer` may list them: one query for
 * the organization's groups (never its users), sorted by name at every level.
 */
export async function groupTree(server: ServerContext, viewer: Viewer | null, owner: string): Promise<GroupTreeNode[]> {
  if (!owner) return [];
  const { records } = await groups.listFor(server, viewer, { organization: owner, sort: { field: 'name', order: 'asc' } });
  const below = new Map<string, Group[]>();
  for (const record of records) {
    const group = typedRecord(groupDef, record);
    const siblings = below.get(group.parentId) ?? [];
    siblings.push(group);
    below.set(group.parentId, siblings);
  }
  const seen = new Set<string>();
  const nodesUnder = (parent: string): GroupTreeNode[] =>
    (below.get(parent) ?? [])
      .filter((group) => !seen.has(group.name))
      .map((group) => {
        seen.add(group.name);
        const children = nodesUnder(group.name);
        const node: GroupTreeNode = {
          key: group.name,
          title: group.displayName || group.name,
          owner: group.owner,
          type: group.type,
          isEnabled: group.isEnabled,
        };
        return children.length > 0 ? { ...node, children } : node;
      });
  return nodesUnder(owner);
}

/**
 * Takes a user out of a group (POST /api/remove-user-from-group): an update of the user's `groups`
 * by `viewer`, under the user's rules (administrators only change groups).
 */
export async function removeUserFromGroup(
  server: ServerContext,
  viewer: Viewer,
  user: RecordKey,
  group: string,
): Promise<boolean> {
  // Refused before anything is looked up: whether a user exists or is in a group is not for other organizations.
  if (!may(userDef, 'update', viewer, { ...user })) throw refusal(viewer);
  const stored = await server.repo(userDef).get(user.owner, user.name);
  if (!stored) throw new AppError('missing', { entity: 'user', id: `${user.owner}/${user.name}` });
  const id = group.includes('/') ? group : `${user.owner}/${group}`;
  if (!stored.groups.includes(id)) return false;
  await users.update(server, viewer, user, { groups: stored.groups.filter((g) => g !== id) }, { columns: ['groups'] });
  return true;
}
