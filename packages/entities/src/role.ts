import {
  bool,
  defineEntity,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  recordName,
  stringList,
  text,
  timestamp,
} from './define.js';

/**
 * What roles and permissions share, in Casdoor's order: the organization's record head, then whom
 * they name (users, groups, roles: ids owner/name) and in which domains (free tags).
 */
export function membersFields() {
  return {
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 1000, format: 'multiline' }),
    users: stringList({ ref: 'user' }),
    groups: stringList({ ref: 'group' }),
    roles: stringList({ ref: 'role' }),
    domains: stringList(),
  };
}

/**
 * Roles of an organization, as Casdoor stores them: members are ids
 * (owner/name) of the organization's users and groups, sub-roles ids of its other roles (never
 * the role itself, never a cycle), domains free tags. The server checks that every member exists
 * in the role's organization and follows renames and deletes of users, groups and roles into the
 * roles and permissions that name them.
 */
export const role = defineEntity({
  name: 'role',
  table: 'role',
  ...organizationRecords,
  fields: {
    ...membersFields(),
    isEnabled: { ...bool(), sortable: true },
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `role_${id}`,
      createdTime: now(),
      displayName: `New Role - ${id}`,
      users: [],
      groups: [],
      roles: [],
      domains: [],
      isEnabled: true,
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'users' },
      { field: 'groups' },
      { field: 'roles' },
      { field: 'domains' },
      { field: 'isEnabled', width: 110 },
    ],
  },
  form: ['owner', 'name', 'displayName', 'description', 'users', 'groups', 'roles', 'domains', 'isEnabled'],
});

export type Role = RecordOf<typeof role.fields>;
