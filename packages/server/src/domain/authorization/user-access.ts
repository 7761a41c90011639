import {
  noAccess,
  type Permission,
  permission as permissionDef,
  type ReleasedAccess,
  type ReleasedUser,
  type Role,
  releasedPermission,
  releasedRole,
  releasedUser,
  role as roleDef,
  type User,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { idOf, inForce, ownerOf } from './permission-policies.js';

/** Who holds roles and permissions: a user, with the groups they belong to (ids owner/name). */
export interface AccessHolder {
  owner: string;
  name: string;
  groups: readonly string[];
}

/**
 * The roles and permissions `user` holds among those of their organization, as Casdoor extends a
 * user (getPermissionsAndRolesByUser), with what takes effect here only:
 *
 * - roles: the enabled roles naming the user (or every user of the organization, `owner/*`) or a
 *   group of theirs, then every enabled role holding one of those as a sub-role, until none is added
 *   (Casdoor's GetAncestorRoles);
 * - permissions: the enabled and approved permissions naming the user, a group of theirs (`*`: any
 *   group of the organization) or one of their roles (`*`: any role of the organization); those
 *   naming the user come first, each permission once.
 */
export function accessOf(
  user: AccessHolder,
  roles: readonly Role[],
  permissions: readonly Permission[],
): { roles: Role[]; permissions: Permission[] } {
  const userId = `${user.owner}/${user.name}`;
  const everyone = `${user.owner}/*`;
  const enabled = roles.filter((role) => role.isEnabled && role.owner === user.owner);
  const held = new Map<string, Role>();
  for (const role of enabled) {
    if (role.users.includes(userId) || role.users.includes(everyone) || role.groups.some((g) => user.groups.includes(g))) {
      held.set(idOf(role), role);
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const role of enabled) {
      if (held.has(idOf(role)) || !role.roles.some((sub) => held.has(sub))) continue;
      held.set(idOf(role), role);
      grew = true;
    }
  }
  const inGroupOf = (owner: string) => user.groups.some((g) => ownerOf(g) === owner);
  const hasRoleOf = (owner: string) => [...held.values()].some((role) => role.owner === owner);
  const effective = permissions.filter((p) => p.owner === user.owner && inForce(p));
  const named = effective.filter((p) => p.users.includes(userId));
  const through = effective.filter(
    (p) =>
      !p.users.includes(userId) &&
      (p.groups.some((g) => (g === '*' ? inGroupOf(p.owner) : user.groups.includes(g))) ||
        p.roles.some((r) => (r === '*' ? hasRoleOf(p.owner) : held.has(r)))),
  );
  return { roles: [...held.values()], permissions: [...named, ...through] };
}

/**
 * The roles and permissions (whole records) of each of `users`, in their order: two queries, the
 * roles and the permissions of their organizations, whatever the number of users (a page of
 * get-users is one page's worth).
 */
export async function loadAccessRecords(
  ctx: ServerContext,
  users: readonly AccessHolder[],
  db: Db = ctx.database.db,
): Promise<{ roles: Role[]; permissions: Permission[] }[]> {
  const owners = [...new Set(users.map((user) => user.owner))];
  if (owners.length === 0) return [];
  const [roleRows, permissionRows] = await Promise.all([
    db.selectFrom('role').selectAll().where('owner', 'in', owners).orderBy('createdTime').orderBy('name').execute(),
    db.selectFrom('permission').selectAll().where('owner', 'in', owners).orderBy('createdTime').orderBy('name').execute(),
  ]);
  const roles = roleRows.map((row) => ctx.repo(roleDef).toRecord(row));
  const permissions = permissionRows.map((row) => ctx.repo(permissionDef).toRecord(row));
  return users.map((user) => accessOf(user, roles, permissions));
}

/** The roles and permissions of each of `users` as their answers and tokens carry them (releasedRole, releasedPermission). */
export async function loadAccess(ctx: ServerContext, users: readonly AccessHolder[]): Promise<ReleasedAccess[]> {
  return (await loadAccessRecords(ctx, users)).map((access) => ({
    roles: access.roles.map(releasedRole),
    permissions: access.permissions.map(releasedPermission),
  }));
}

/**
 * What a relying party may learn of `user` (entities/released-user.ts), with the roles and
 * permissions they hold now: read when a token, a userinfo answer, a SAML response or a CAS
 * validation is made, so a role changed a moment ago shows in the next one, on every instance.
 */
export async function releasedUserOf(ctx: ServerContext, user: User): Promise<ReleasedUser> {
  const [access] = await loadAccess(ctx, [user]);
  return releasedUser(user, access ?? noAccess());
}
