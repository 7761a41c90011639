import { DEFAULT_MODEL_TEXT } from '@gatehouse/entities';
import { type Model, newModelFromString } from 'casbin';

/**
 * How permissions become casbin rows, as Casdoor compiles them (object/permission_enforcer.go),
 * so that enforcement answers what Casdoor's would:
 *
 * - a `p` row per subject × resource × action (× domain): `[subject, resource, action, effect, "",
 *   permissionId]`, or `[subject, domain, resource, action, effect, permissionId]` with domains;
 *   actions in lower case, as Casdoor compiles them (a permission's "Read" answers a request for
 *   "read", which is what Casdoor's applications send);
 *   subjects are the users, the groups as `group:owner/name` and the roles;
 * - `g` rows from the roles the permission names, their sub-roles, and the groups' members:
 *   `[member, role-or-group, domain]`.
 *
 * Unlike Casdoor, only enabled and Approved permissions (and enabled roles) take effect: a
 * permission waiting for approval grants nothing.
 */

/** The fields of a permission that decide its rows (the Permission entity's, by name). */
export interface PermissionRules {
  owner: string;
  name: string;
  model: string;
  adapter: string;
  users: readonly string[];
  groups: readonly string[];
  roles: readonly string[];
  domains: readonly string[];
  resources: readonly string[];
  actions: readonly string[];
  effect: string;
  isEnabled: boolean;
  state: string;
}

/** The fields of a role that decide its `g` rows. */
export interface RoleMembers {
  owner: string;
  name: string;
  users: readonly string[];
  groups: readonly string[];
  roles: readonly string[];
  isEnabled: boolean;
}

/** The organization and name of an id; an id without "/" is an organization (the owner selector). */
export function ownerAndName(id: string): { owner: string; name: string } {
  const slash = id.indexOf('/');
  return slash > 0 ? { owner: id.slice(0, slash), name: id.slice(slash + 1) } : { owner: id, name: '' };
}

export const ownerOf = (id: string): string => ownerAndName(id).owner;

export const idOf = (record: { owner: string; name: string }): string => `${record.owner}/${record.name}`;

/** Casdoor's grouping key of permissions: their model and adapter (the key of enforce answers). */
export const modelAndAdapterOf = (p: PermissionRules): string => `${p.model}/${p.adapter}`;

/** Whether a permission takes effect. */
export function inForce(permission: PermissionRules): boolean {
  return permission.isEnabled && permission.state === 'Approved';
}

/** A group as a subject: `group:owner/name`; `*` is every group of the permission's organization. */
export function groupSubject(owner: string, groupId: string): string {
  return `group:${groupId === '*' ? `${owner}/*` : groupId}`;
}

const MAX_FIELDS = 6;

/**
 * The model a permission's rows are read with: its policy definition padded to six fields, the
 * sixth being permissionId (Casdoor's GetBuiltInModel); a definition of six whose sixth is not
 * permissionId, or of more than six, is refused.
 */
export function permissionModel(modelText: string): Model {
  // Casdoor's role-based model when a permission names none.
  const text = modelText.trim() === '' ? DEFAULT_MODEL_TEXT : modelText;
  const model = newModelFromString(text);
  const definition = model.model.get('p')?.get('p');
  if (!definition) throw new Error('The model has no policy definition');
  const fields = definition.value.split(',').map((f) => f.trim());
  if (fields.length > MAX_FIELDS) {
    throw new Error(`the maximum policy_definition field number cannot exceed ${MAX_FIELDS}, got ${fields.length}`);
  }
  if (fields.length === MAX_FIELDS) {
    if (fields[MAX_FIELDS - 1] !== 'permissionId') {
      throw new Error(
        `when adding policies with permissions, the sixth field of policy_definition must be permissionId, got ${fields[MAX_FIELDS - 1]}`,
      );
    }
    return model;
  }
  const padded = [...fields];
  while (padded.length < MAX_FIELDS - 1) padded.push(`unused${padded.length}`);
  padded.push('permissionId');
  model.model.get('p')?.delete('p');
  model.addDef('p', 'p', padded.join(', '));
  return model;
}

/** Whether a model text has a role definition (the permission's roles field needs one). */
export function hasRoleDefinition(model: Model): boolean {
  return (model.model.get('g')?.size ?? 0) > 0;
}

/** Whether the request definition has a `dom` field (the permission's domains need one). */
export function hasDomainDefinition(model: Model): boolean {
  return model.model.get('r')?.get('r')?.tokens.includes('r_dom') ?? false;
}

/** The permission's `p` rows. */
export function policiesOf(permission: PermissionRules): string[][] {
  const id = idOf(permission);
  const effect = permission.effect.toLowerCase();
  const subjects = [...permission.users, ...permission.groups.map((g) => groupSubject(permission.owner, g)), ...permission.roles];
  const rows: string[][] = [];
  for (const subject of subjects) {
    for (const resource of permission.resources) {
      for (const action of permission.actions.map((a) => a.toLowerCase())) {
        if (permission.domains.length > 0) {
          for (const domain of permission.domains) rows.push([subject, domain, resource, action, effect, id]);
        } else {
          rows.push([subject, resource, action, effect, '', id]);
        }
      }
    }
  }
  return rows;
}

/** What the grouping rows need to know besides the permissions. */
export interface Directory {
  /** The enabled roles of an organization. */
  rolesOf(owner: string): readonly RoleMembers[];
  /** The users (owner/name) of a group id, or of every group of an organization for `owner/*`. */
  membersOf(groupId: string): readonly string[];
}

/** The organizations and groups the grouping rows of `permissions` will ask the directory for. */
export function directoryNeeds(
  permissions: readonly PermissionRules[],
  roles: (owner: string) => readonly RoleMembers[],
): {
  owners: Set<string>;
  groups: Set<string>;
} {
  const owners = new Set<string>();
  const groups = new Set<string>();
  for (const p of permissions) {
    for (const g of p.groups) groups.add(g === '*' ? `${p.owner}/*` : g);
    for (const r of p.roles) owners.add(ownerOf(r === '*' ? `${p.owner}/*` : r));
  }
  for (const owner of owners)
    for (const role of roles(owner)) for (const g of role.groups) groups.add(g === '*' ? `${role.owner}/*` : g);
  return { owners, groups };
}

/** The roles a role id names, with their sub-roles, each once (`owner/*`: all of them). */
function rolesWithin(directory: Directory, owner: string, roleId: string, seen: Set<string>): RoleMembers[] {
  const id = roleId === '*' ? `${owner}/*` : roleId;
  const roleOwner = ownerOf(id);
  const all = directory.rolesOf(roleOwner);
  if (id === `${roleOwner}/*`) return all.filter((r) => !seen.has(idOf(r)) && seen.add(idOf(r)));
  const role = all.find((r) => idOf(r) === id);
  if (!role || seen.has(id)) return [];
  seen.add(id);
  return [role, ...role.roles.flatMap((sub) => rolesWithin(directory, roleOwner, sub, seen))];
}

/** The permissions' `g` rows: group members, role members and sub-roles (Casdoor's runtime rows). */
export function groupingRowsOf(permissions: readonly PermissionRules[], directory: Directory): string[][] {
  const rows: string[][] = [];
  const seen = new Set<string>();
  for (const permission of permissions) {
    const domains = permission.domains.length > 0 ? permission.domains : [''];
    const add = (member: string, role: string) => {
      for (const domain of domains) {
        const key = `${member}\u0000${role}\u0000${domain}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push([member, role, domain]);
      }
    };
    const addGroupMembers = (owner: string, groupId: string) => {
      const subject = groupSubject(owner, groupId);
      for (const user of directory.membersOf(groupId === '*' ? `${owner}/*` : groupId)) add(user, subject);
      return subject;
    };
    for (const groupId of permission.groups) addGroupMembers(permission.owner, groupId);
    for (const roleId of permission.roles) {
      for (const role of rolesWithin(directory, permission.owner, roleId, new Set())) {
        const id = idOf(role);
        for (const user of role.users) add(user, id);
        for (const groupId of role.groups) add(addGroupMembers(role.owner, groupId), id);
        for (const sub of role.roles) add(sub, id);
      }
    }
  }
  return rows;
}

/** casbin rows keep as many values as the definition has fields (g = _, _ takes two). */
export function fitRows(model: Model, ptype: string, rows: string[][]): string[][] {
  const width = model.model.get(ptype.startsWith('g') ? 'g' : 'p')?.get(ptype)?.tokens.length;
  if (!width) return rows;
  return rows.map((row) => row.slice(0, width));
}
