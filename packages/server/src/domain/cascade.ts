import { DEFINITIONS } from '@gatehouse/entities';
import type { Db } from '../db/database.js';
import { loose } from '../db/loose.js';

/**
 * Organization-wide changes that follow the registry: every entity that records its organization
 * in `owner` or `organization` is covered, including entities added later, and so are the
 * server's tables that belong to an organization's users (sessions, linked identities).
 */
function organizationColumns(): { table: string; column: string }[] {
  const out: { table: string; column: string }[] = [];
  for (const def of DEFINITIONS) {
    if (def.orgField === 'owner' && !def.fixedOwner) out.push({ table: def.table, column: 'owner' });
    if (def.orgField === 'organization') out.push({ table: def.table, column: 'organization' });
  }
  out.push({ table: 'authSession', column: 'owner' });
  out.push({ table: 'userIdentity', column: 'owner' });
  return out;
}

export async function renameOrganizationEverywhere(trx: Db, from: string, to: string): Promise<void> {
  for (const { table, column } of organizationColumns()) {
    await loose(trx)
      .updateTable(table)
      .set({ [column]: to })
      .where(column, '=', from)
      .execute();
  }
}

export async function deleteOrganizationData(trx: Db, name: string): Promise<void> {
  for (const { table, column } of organizationColumns()) {
    await loose(trx).deleteFrom(table).where(column, '=', name).execute();
  }
}
