import { isAdmin, resource as resourceDef } from '@gatehouse/entities';
import { storageOfResource } from '../integrations/storage/select.js';
import { EntityDomain } from './entity-domain.js';
import { providerByName } from './provider.js';

/**
 * Resources: ordinary members list only the resources they uploaded (as
 * get-resources with owner and user in Casdoor); deleting a resource deletes its file through the
 * provider that stored it, then the record. The delete call's `provider` parameter is not needed:
 * the record names its provider. A file whose provider no longer exists cannot be reached any more;
 * its record is deleted all the same.
 */
export const resources = new EntityDomain(resourceDef, {
  listFilter: (viewer) => (isAdmin(viewer) ? undefined : { user: viewer.name }),

  beforeDelete: async ({ server, trx }, resource) => {
    if (!resource.url) return;
    // Inside the delete's transaction (SQLite has one connection): read through it.
    const provider = resource.provider
      ? await providerByName(server, resource.providerOwner || resource.owner, resource.provider, trx)
      : null;
    const choice = storageOfResource(server, provider, '');
    if (!choice) {
      server.log.warn({ resource: `${resource.owner}/${resource.name}` }, 'resource provider missing: file left in place');
      return;
    }
    await choice.storage.delete(resource.name);
  },
});
