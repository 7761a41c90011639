import { BUILT_IN_APPLICATION } from './constants.js';
import { defineEntity, type FieldRuleContext, int, organizationOwner, type RecordOf, text, timestamp } from './define.js';
import { MAX_FILE_PATH_LENGTH, RESOURCE_FILE_TYPES } from './resource-files.js';

/**
 * What describes a stored file is fixed once the file is stored: the name is its path in the
 * storage (the object key) and the URL points at it. A record without a file (added through
 * add-resource) may still be changed.
 */
const untilStored = ({ record }: FieldRuleContext) => !record.url;

/**
 * Resources: the files uploaded through /api/upload-resource, one record
 * per stored file, owned by the organization it was uploaded for. As in Casdoor the name is the
 * file's path in its storage (resource/acme/alice/photo.png), so it may hold "/" and an id splits
 * at the first one. Administrators of the organization manage them; other members list the
 * resources of their own (the records whose user they are; server/src/entities/resource.hooks.ts).
 */
export const resource = defineEntity({
  name: 'resource',
  table: 'resource',
  orgField: 'owner',
  orgParam: 'owner',
  pathName: true,
  // Members list only their own (the server's list filter) but may read any record of their
  // organization by id: it describes a file whose URL is public anyway, as in Casdoor.
  access: { read: 'member', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: organizationOwner(untilStored),
    name: text({ max: MAX_FILE_PATH_LENGTH, sortable: true, searchable: true, editable: untilStored }),
    createdTime: timestamp({ sortable: true }),
    user: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    /** The storage provider's name; '' for the default local storage. */
    provider: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    /** The storage provider's owner (an organization, or admin for a shared provider). */
    providerOwner: text({ max: 100, editable: untilStored }),
    application: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    tag: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    parent: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    fileName: text({ max: MAX_FILE_PATH_LENGTH, editable: untilStored }),
    fileType: { ...text({ max: 100, sortable: true, editable: untilStored }), filters: RESOURCE_FILE_TYPES },
    fileFormat: text({ max: 100, sortable: true, searchable: true, editable: untilStored }),
    fileSize: int({ min: 0, wide: true, sortable: true, editable: untilStored }),
    url: text({ max: 1000, format: 'url', editable: untilStored }),
    description: text({ max: 1000, format: 'multiline' }),
  },
  // The console has no Add for resources (they come from uploads); add-resource takes these.
  newRecord: ({ organization, viewer, random, now }) => ({
    owner: organization,
    name: `resource_${random(6)}`,
    createdTime: now(),
    user: viewer.name,
    application: BUILT_IN_APPLICATION,
    tag: 'custom',
    fileType: 'other',
    fileSize: 0,
  }),
  list: {
    columns: [
      { field: 'provider' },
      { field: 'owner' },
      { field: 'application' },
      { field: 'user' },
      { field: 'parent' },
      { field: 'name' },
      { field: 'createdTime' },
      { field: 'tag' },
      { field: 'fileType' },
      { field: 'fileFormat' },
      { field: 'fileSize' },
      { field: 'url' },
    ],
  },
  form: [
    'owner',
    'name',
    'user',
    'provider',
    'providerOwner',
    'application',
    'tag',
    'parent',
    'fileName',
    'fileType',
    'fileFormat',
    'fileSize',
    'url',
    'description',
  ],
});

export type Resource = RecordOf<typeof resource.fields>;
