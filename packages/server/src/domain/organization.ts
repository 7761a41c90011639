import { ADMIN_OWNER, type Organization, organization as organizationDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { deleteOrganizationData, renameOrganizationEverywhere } from './cascade.js';
import { EntityDomain } from './entity-domain.js';

/** Renaming an organization moves everything it owns; deleting it deletes everything it owns. */
export const organizations = new EntityDomain(organizationDef, {
  // An organization added without a password type stores real hashes (bcrypt), not plain text.
  beforeAdd: async (_ctx, org, provided) => {
    if (!provided.has('passwordType')) org.passwordType = 'bcrypt';
  },
  afterRename: async ({ trx }, before, after) => renameOrganizationEverywhere(trx, before.name, after.name),
  beforeDelete: async ({ trx }, record) => deleteOrganizationData(trx, record.name),
});

/** The organization named `name`, if any. */
export function organizationByName(server: ServerContext, name: string, trx?: Db): Promise<Organization | undefined> {
  return server.repo(organizationDef).get(ADMIN_OWNER, name, trx);
}

/** The organization named `name`, or the "does not exist" refusal. */
export async function requireOrganization(server: ServerContext, name: string, trx?: Db): Promise<Organization> {
  const org = await organizationByName(server, name, trx);
  if (!org) throw new AppError('organizationMissing', { name });
  return org;
}
