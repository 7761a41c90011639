import { ENTITIES } from '@gatehouse/entities';
import type { Kysely } from 'kysely';

/**
 * Organization-wide changes that follow the registry: every entity that records its organization
 * in `owner` or `organization` is covered, including entities added later.
 */
function organizationColumns(): { table: string; column: string }[] {
  const out: { table: string; column: string }[] = [];
  for (const def of ENTITIES) {
    if (def.orgField === 'owner' && !def.fixedOwner) out.push({ table: def.table, column: 'owner' });
    if (def.orgField === 'organization') out.push({ table: def.table, column: 'organization' });
  }
  out.push({ table: 'authSession', column: 'owner' });
  out.push({ table: 'userIdentity', column: 'owner' });
  return out;
}

export async function renameOrganizationEverywhere(trx: Kysely<any>, from: string, to: string): Promise<void> {
  for (const { table, column } of organizationColumns()) {
    await trx
      .updateTable(table)
      .set({ [column]: to })
      .where(column, '=', from)
      .execute();
  }
}

export async function deleteOrganizationData(trx: Kysely<any>, name: string): Promise<void> {
  for (const { table, column } of organizationColumns()) {
    await trx.deleteFrom(table).where(column, '=', name).execute();
  }
}
