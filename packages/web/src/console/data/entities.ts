import type { EntityDefinition, GroupTreeNode, ListQuery } from '@gatehouse/entities';
import { keyFieldOf, listQueryToParams } from '@gatehouse/entities/plain';
import { type Rec, request } from '../../shared/data/client';

/** Entity CRUD (the same five calls for every definition) and the uploads that create records. */

/**
 * One page of an entity's list. With `own`, the signed-in account's own records through the
 * definition's call for them (get-permissions-by-submitter: members who are not administrators).
 */
export function getList(def: Pick<EntityDefinition, 'plural' | 'orgParam' | 'ownRecords'>, query: ListQuery, own = false) {
  const path = own && def.ownRecords ? def.ownRecords.listCall : `get-${def.plural}`;
  return request<Rec[], number>('GET', `/api/${path}`, { query: listQueryToParams(query, def.orgParam) });
}

/** One record; the edit page reads the secrets of definitions that answer them on request only. */
export function getOne(def: EntityDefinition<any>, owner: string, name: string) {
  const query: Record<string, string> = { id: `${owner}/${name}` };
  if (def.secretsRead === 'onRequest') query.withSecret = '1';
  return request<Rec | null>('GET', `/api/get-${def.name}`, { query });
}

export function create(def: EntityDefinition<any>, record: Rec) {
  return request<string, Rec>('POST', `/api/add-${def.name}`, { body: record });
}

/** Updates the record stored as owner/name; a changed owner or name in `record` renames it. */
export function update(def: EntityDefinition<any>, owner: string, name: string, record: Rec) {
  return request<string>('POST', `/api/update-${def.name}`, { query: { id: `${owner}/${name}` }, body: record });
}

/** Deletes the record (named by its owner and key: its name, or the definition's keyField). */
export function remove(def: EntityDefinition<any>, record: Rec) {
  const key = keyFieldOf(def);
  return request<string>('POST', `/api/delete-${def.name}`, { body: { owner: record.owner, [key]: record[key] } });
}

export interface UploadTarget {
  /** The uploading account's organization and name. */
  owner: string;
  user: string;
  application: string;
  /** What the file is for ('termsOfUse', 'custom' ...). */
  tag: string;
  /** The page it was uploaded from. */
  parent: string;
  /** Where it is stored, e.g. termsOfUse/{organization}/{application}.html. */
  fullFilePath: string;
}

/** Stores a file; data is its URL. */
export function uploadResource(target: UploadTarget, file: Blob, filename: string) {
  const form = new FormData();
  form.append('file', file, filename);
  return request<string, string>('POST', '/api/upload-resource', { query: { ...target }, form });
}

/**
 * Creates an application from a definition file (an HTML file, as exported); `organization`, when
 * given, replaces the file's. data2 is the new application.
 */
export function uploadApplication(file: Blob, filename: string, organization?: string) {
  const form = new FormData();
  form.append('file', file, filename);
  return request<string, Rec>('POST', '/api/upload-application', { query: organization ? { organization } : {}, form });
}

/** Where an application's definition file downloads from. */
export function applicationExportUrl(record: Rec): string {
  return `/api/export-application?${new URLSearchParams({ id: `${record.owner}/${record.name}` })}`;
}

/** Deletes a resource and its stored file (Casdoor's wire: the record as the body, its provider in the query). */
export function deleteResource(record: Rec) {
  return request<string>('POST', '/api/delete-resource', { query: { provider: String(record.provider ?? '') }, body: record });
}

/** An organization's groups as a tree (the group tree page). */
export function getGroupTree(owner: string) {
  return request<GroupTreeNode[]>('GET', '/api/get-groups', { query: { owner, withTree: 'true' } });
}

/** Takes a user out of a group of the user's organization. */
export function removeUserFromGroup(user: Rec, groupName: string) {
  return request<string>('POST', '/api/remove-user-from-group', {
    body: { owner: user.owner, name: user.name, groupName },
  });
}

/**
 * Creates records of an entity from an .xlsx workbook (upload-users, upload-roles,
 * upload-permissions); with `organization`, all of them there. data2 is how many.
 */
export function uploadSheet(def: Pick<EntityDefinition, 'plural'>, file: Blob, filename: string, organization: string) {
  const form = new FormData();
  form.append('file', file, filename);
  return request<string, number>('POST', `/api/upload-${def.plural}`, {
    query: organization ? { owner: organization } : {},
    form,
  });
}

/** Where the users of an organization ('' = every one the viewer may list) download from as .xlsx. */
export function usersExportUrl(organization: string): string {
  return `/api/export-users?${new URLSearchParams({ owner: organization })}`;
}
