import { isGlobalAdmin } from './access.js';
import { BUILT_IN_APPLICATION } from './constants.js';
import { bool, defineEntity, enumOf, organizationRecords, type RecordOf, stringList, text, timestamp } from './define.js';
import { MANIFEST } from './manifest.js';
import { membersFields } from './role.js';

/** What a permission grants on (Casdoor's PermissionEditPage). */
export const PERMISSION_RESOURCE_TYPES = ['Application', 'TreeNode', 'Custom', 'API'] as const;
export type PermissionResourceType = (typeof PERMISSION_RESOURCE_TYPES)[number];
export const PERMISSION_EFFECTS = ['Allow', 'Deny'] as const;
/** Pending first: what a permission is unless a global administrator approves it. */
export const PERMISSION_STATES = ['Pending', 'Approved'] as const;
/** The value standing for every user, group, role, domain or resource ("All"). */
export const ALL = '*';

/** The actions a resource type offers; Custom takes any (free tags). */
export function permissionActions(type: string): readonly string[] | null {
  if (type === 'Custom') return null;
  if (type === 'API') return ['POST', 'GET'];
  return ['Read', 'Write', 'Admin'];
}

/** The API calls a permission of type API names (Casdoor's list of write calls and sign-in events). */
export function permissionApiPaths(): string[] {
  const paths = ['signup', 'login', 'logout', 'sso-logout', 'unlink', 'new-user'];
  for (const entry of MANIFEST) {
    if ('page' in entry) continue;
    for (const action of ['add', 'update', 'delete']) paths.push(`${action}-${entry.name}`);
  }
  paths.push('upload-users', 'upload-roles', 'upload-permissions', 'upload-resource', 'set-password');
  return paths;
}

/**
 * A permission's members (users, groups, roles) are `*` (all), `{organization}/*` (all of an
 * organization: the built-in permission's users) or ids owner/name.
 */
export function isMemberValue(value: string): boolean {
  return value === ALL || /^[^/\s]+\/[^/\s]+$/.test(value);
}

/** Whether a member value (see isMemberValue) stands for members of `organization`: All, `{organization}/*` or an id there. */
export function isMemberOf(value: string, organization: string): boolean {
  const slash = value.indexOf('/');
  return value === ALL || (slash > 0 && value.slice(0, slash) === organization);
}

/**
 * The member values of `values` that stay with a permission of `organization` (All and that
 * organization's ids): what the console keeps when a permission moves to another organization.
 */
export function membersOf(values: readonly string[], organization: string): string[] {
  return values.filter((value) => isMemberOf(value, organization));
}

/** A permission's member lists: ids owner/name, `{organization}/*` or All. */
export const MEMBER_FIELDS = ['users', 'groups', 'roles'] as const;

/**
 * The first user, group or role of a permission that names another organization than its own
 * (see isMemberOf; a value of no member shape is not one), or null: the server refuses such a
 * permission on every save, and the console drops them when the organization changes.
 */
export function foreignMember(p: {
  owner: string;
  users: readonly string[];
  groups: readonly string[];
  roles: readonly string[];
}): { field: (typeof MEMBER_FIELDS)[number]; value: string } | null {
  for (const field of MEMBER_FIELDS) {
    const value = p[field].find((member) => isMemberValue(member) && !isMemberOf(member, p.owner));
    if (value !== undefined) return { field, value };
  }
  return null;
}

/** The permission's save rules that read the record alone, in their order: a message key or null. */
export function permissionProblem(p: {
  users: readonly string[];
  roles: readonly string[];
  resources: readonly string[];
  actions: readonly string[];
}): 'permissionUsersAndRolesEmpty' | 'permissionResourcesEmpty' | 'permissionActionsEmpty' | null {
  if (p.users.length === 0 && p.roles.length === 0) return 'permissionUsersAndRolesEmpty';
  if (p.resources.length === 0) return 'permissionResourcesEmpty';
  if (p.actions.length === 0) return 'permissionActionsEmpty';
  return null;
}

/**
 * The id of the model a permission names (Casdoor: getModel(permission.owner, permission.model)):
 * owner/name as written, a bare name is a model of the permission's own organization; '' for none.
 * No model, or one that does not exist, means Casdoor's built-in RBAC model (DEFAULT_MODEL_TEXT).
 */
export function permissionModelId(permission: { owner: string; model: string }): string {
  const model = permission.model.trim();
  if (!model) return '';
  return model.includes('/') ? model : `${permission.owner}/${model}`;
}

/**
 * The organization whose model a permission names: its id's owner (permissionModelId; a bare name
 * is a model of the permission's organization), '' for none.
 */
export function permissionModelOwner(permission: { owner: string; model: string }): string {
  const id = permissionModelId(permission);
  return id.slice(0, Math.max(0, id.indexOf('/')));
}

/** Whether a model's text defines roles (a [role_definition] section): only then may a permission name roles. */
export function hasRoleDefinition(modelText: string | null | undefined): boolean {
  return !!modelText && modelText.includes('role_definition');
}

/** Whether a model's request definition has a `dom` field: only then may a permission name domains (Casdoor's rule). */
export function hasDomainDefinition(modelText: string | null | undefined): boolean {
  const request = /request_definition\s*\]\s*r\s*=\s*([^\r\n]+)/.exec(modelText ?? '')?.[1];
  return !!request && request.split(',').some((field) => field.trim() === 'dom');
}

/**
 * Permissions in Casdoor's shape: who (users, groups,
 * roles, each possibly All), on what (a resource type and its resources), which actions, with which
 * effect; `model` is the Casbin model's id (owner/name), `adapter` an adapter's name in the
 * permission's organization. Members submit permissions (state Pending) and see, change and delete
 * only their own; a global administrator's start Approved, and only global administrators change
 * the state (the server records approver and approve time).
 */
export const permission = defineEntity({
  name: 'permission',
  table: 'permission',
  ...organizationRecords,
  access: { read: 'orgAdminOrSelf', create: 'member', update: 'member', delete: 'member' },
  ownRecords: { field: 'submitter', listCall: 'get-permissions-by-submitter' },
  fields: {
    ...membersFields(),
    /** The model's id, owner/name. */
    model: text({ max: 100, refId: 'model', sortable: true, searchable: true }),
    /** An adapter's name in the permission's organization ('' for the default policy table). */
    adapter: text({ max: 100, ref: 'adapter', sortable: true, searchable: true }),
    resourceType: { ...enumOf(PERMISSION_RESOURCE_TYPES), sortable: true, filters: PERMISSION_RESOURCE_TYPES },
    resources: stringList(),
    actions: stringList(),
    effect: { ...enumOf(PERMISSION_EFFECTS), sortable: true, filters: PERMISSION_EFFECTS },
    isEnabled: { ...bool(), sortable: true },
    submitter: text({ max: 100, serverOnly: true, sortable: true, searchable: true }),
    approver: text({ max: 100, serverOnly: true, sortable: true, searchable: true }),
    approveTime: timestamp({ sortable: true }),
    state: {
      ...enumOf(PERMISSION_STATES),
      sortable: true,
      filters: PERMISSION_STATES,
      editable: ({ viewer }) => isGlobalAdmin(viewer),
    },
  },
  newRecord: ({ organization, viewer, random, now }) => {
    const id = random(6);
    // Casdoor's names its creator. A creator of another organization (a global administrator of
    // built-in) is no member it may name: it names all of the organization instead, and starts
    // disabled, granting nothing until its members are chosen and it is enabled.
    const ownMember = viewer.owner === organization;
    return {
      owner: organization,
      name: `permission_${id}`,
      createdTime: now(),
      displayName: `New Permission - ${id}`,
      users: [ownMember ? `${viewer.owner}/${viewer.name}` : `${organization}/${ALL}`],
      groups: [],
      roles: [],
      domains: [],
      resourceType: 'Application',
      resources: [BUILT_IN_APPLICATION],
      actions: ['Read'],
      effect: 'Allow',
      isEnabled: ownMember,
      state: isGlobalAdmin(viewer) ? 'Approved' : 'Pending',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'model' },
      { field: 'users' },
      { field: 'groups' },
      { field: 'roles' },
      { field: 'domains' },
      { field: 'resourceType', width: 130 },
      { field: 'resources' },
      { field: 'actions' },
      { field: 'effect', width: 100 },
      { field: 'isEnabled', width: 110 },
      { field: 'submitter' },
      { field: 'approver' },
      { field: 'approveTime' },
      { field: 'state', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'description',
    'model',
    'adapter',
    'users',
    'groups',
    'roles',
    'domains',
    'resourceType',
    'resources',
    'actions',
    'effect',
    'isEnabled',
    'submitter',
    'approver',
    'approveTime',
    'state',
  ],
});

export type Permission = RecordOf<typeof permission.fields>;
