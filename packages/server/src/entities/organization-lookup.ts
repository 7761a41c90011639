import { ADMIN_OWNER, type Organization, organization } from '@gatehouse/entities';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';

/** The organization named `name`, or the "does not exist" refusal. */
export async function requireOrganization(server: ServerContext, name: string, trx?: Kysely<any>): Promise<Organization> {
  const org = await server.repo(organization).get(ADMIN_OWNER, name, trx);
  if (!org) throw new AppError('organizationMissing', { name });
  return org as Organization;
}
