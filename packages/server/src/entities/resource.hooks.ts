import { isAdmin, type Resource } from '@gatehouse/entities';
import type { EntityHooks } from '../crud/hooks.js';
import { storageOfResource } from '../integrations/storage/select.js';

/**
 * Resources (spec part 2 §2.9, §7.3): ordinary members list only the resources they uploaded (as
 * get-resources with owner and user in Casdoor); deleting a resource deletes its file through the
 * provider that stored it, then the record. The delete call's `provider` parameter is not needed:
 * the record names its provider. A file whose provider no longer exists cannot be reached any more;
 * its record is deleted all the same.
 */
export const resourceHooks: EntityHooks = {
  listFilter: (viewer) => (isAdmin(viewer) ? undefined : { user: viewer.name }),

  beforeDelete: async ({ server, trx }, record) => {
    const resource = record as Resource;
    if (!resource.url) return;
    const choice = await storageOfResource(server, resource, '', trx);
    if (!choice) {
      server.log.warn({ resource: `${resource.owner}/${resource.name}` }, 'resource provider missing: file left in place');
      return;
    }
    await choice.storage.delete(resource.name);
  },
};
