import { ADMIN_OWNER, allows, type Viewer } from './access.js';
import type { EntityDefinition } from './define.js';

/**
 * The one evaluation of an entity's access rules (access.ts) against a record, used by the server
 * on every call and by the console to hide or disable what the server would refuse.
 */

export type EntityAction = 'list' | 'read' | 'create' | 'update' | 'delete';

/** What the policy reads of a definition. */
export type EntityPolicy = Pick<EntityDefinition, 'access' | 'orgField' | 'shared' | 'isSelf' | 'ownRecords'>;

/** The record's organization, read from the field the definition names. */
export function organizationOf(def: Pick<EntityDefinition, 'orgField'>, record: Record<string, unknown>): string {
  const value = record[def.orgField];
  return typeof value === 'string' ? value : '';
}

/**
 * Whether `viewer` may do `action` on `record` (for `list` and `create`, any record of the
 * organization in question: `{ [orgField]: organization }` is enough). The record is the viewer's
 * own when the definition says so (users), which the `orgAdminOrSelf` rule lets through. A shared
 * record (owner `admin`: certs, providers) may be read by whoever may read the records of their own
 * organization; changing it stays with whoever passes the rule for `admin`, the global admins.
 */
export function may(def: EntityPolicy, action: EntityAction, viewer: Viewer | null, record: Record<string, unknown>): boolean {
  const organization = organizationOf(def, record);
  const self = !!viewer && (!!def.isSelf?.(viewer, record) || isOwnRecord(def, viewer, record));
  if (allows(def.access[action], viewer, organization, self)) return true;
  return (
    action === 'read' && !!def.shared && organization === ADMIN_OWNER && !!viewer && allows(def.access.read, viewer, viewer.owner)
  );
}

/**
 * Whether the record is one of the viewer's own in the sense of the definition's `ownRecords` (a
 * permission the viewer submitted, in the viewer's organization): the `orgAdminOrSelf` rule lets it
 * through.
 */
export function isOwnRecord(def: Pick<EntityDefinition, 'ownRecords'>, viewer: Viewer, record: Record<string, unknown>): boolean {
  const own = def.ownRecords;
  return !!own && record.owner === viewer.owner && record[own.field] === viewer.name;
}
