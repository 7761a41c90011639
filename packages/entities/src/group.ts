import {
  bool,
  defineEntity,
  enumOf,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  recordName,
  text,
  timestamp,
} from './define.js';

export const GROUP_TYPES = ['Virtual', 'Physical'] as const;

/**
 * Groups of an organization's users (the group list, edit page and tree). A group's
 * parent is its organization (a top group) or another group of the same organization; a user
 * belongs to groups through the user's `groups` list of `owner/name` ids. `isTopGroup` follows the
 * parent and `haveChildren` the groups below; the server keeps both.
 */
export const group = defineEntity({
  name: 'group',
  table: 'group',
  ...organizationRecords,
  fields: {
    // Only global admins move a group to another organization.
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    updatedTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    type: { ...enumOf(GROUP_TYPES), sortable: true, filters: GROUP_TYPES },
    /** The organization's name (a top group) or the name of the parent group. */
    parentId: text({ max: 100, sortable: true, searchable: true }),
    isTopGroup: { ...bool({ serverOnly: true }), sortable: true },
    isEnabled: { ...bool(), sortable: true },
    haveChildren: bool({ serverOnly: true }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `group_${id}`,
      createdTime: now(),
      displayName: `New Group - ${id}`,
      type: 'Virtual',
      parentId: organization,
      isTopGroup: true,
      isEnabled: true,
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'updatedTime' },
      { field: 'displayName' },
      { field: 'type', width: 110 },
      { field: 'parentId' },
      { field: 'isTopGroup', width: 110 },
      { field: 'isEnabled', width: 110 },
    ],
  },
  form: ['owner', 'name', 'displayName', 'type', 'parentId', 'isEnabled'],
  // A group with groups below it stays until they are deleted (the console disables Delete).
  undeletable: (record) => record.haveChildren,
  undeletableReason: 'groupHasSubgroups',
});

export type Group = RecordOf<typeof group.fields>;

/** A node of an organization's group tree (get-groups?owner=&withTree=true), as Casdoor shapes it. */
export interface GroupTreeNode {
  key: string;
  title: string;
  owner: string;
  type: string;
  isEnabled: boolean;
  children?: GroupTreeNode[];
}
