import { ALL, membersOf, nowRfc3339, splitId } from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { textOf as text } from '../../shared/data/text';

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** Resource types whose resources are records of the permission's organization (its applications). */
const ORGANIZATION_RESOURCE_TYPES = new Set(['Application', 'TreeNode']);

/**
 * The permission form's transitions, pure so that they are unit tested;
 * permission.ui.tsx binds them. A new organization keeps only the members of that organization
 * (All, `{organization}/*`, its ids) and, for resource types that name the organization's
 * applications, only All: the server refuses a permission that names another organization's
 * members. The model stays only when named by an id of the new organization (a bare name, like the
 * adapter's, is one of the organization left), and the adapter never: the server refuses a moved
 * permission that keeps the model or adapter of the organization it leaves. A new resource type
 * clears the resources. Approved shows the signed-in account as approver and now as approve time;
 * Pending clears both (the server records them the same way).
 */
export function permissionValuesChange(changed: Rec, all: Rec, approver: string): Rec | undefined {
  if ('owner' in changed) {
    const owner = text(changed.owner);
    const resources = asList(all.resources);
    const model = text(all.model);
    return {
      model: splitId(model)?.owner === owner ? model : '',
      adapter: '',
      users: membersOf(asList(all.users), owner),
      groups: membersOf(asList(all.groups), owner),
      roles: membersOf(asList(all.roles), owner),
      resources: ORGANIZATION_RESOURCE_TYPES.has(text(all.resourceType))
        ? resources.filter((resource) => resource === ALL)
        : resources,
    };
  }
  if ('resourceType' in changed) return { resources: [] };
  if ('state' in changed) {
    return changed.state === 'Approved' ? { approver, approveTime: nowRfc3339() } : { approver: '', approveTime: '' };
  }
  return undefined;
}
