import { deleteOrganizationData, renameOrganizationEverywhere } from '../crud/cascade.js';
import type { EntityHooks } from '../crud/hooks.js';

/** Renaming an organization moves everything it owns; deleting it deletes everything it owns. */
export const organizationHooks: EntityHooks = {
  afterRename: async ({ trx }, before, after) => {
    await renameOrganizationEverywhere(trx, String(before.name), String(after.name));
  },
  beforeDelete: async ({ trx }, record) => {
    await deleteOrganizationData(trx, String(record.name));
  },
};
