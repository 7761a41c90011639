import { DEFINITIONS } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { likePattern } from '../db/list.js';
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
  // Top groups name their organization as parent; users name their groups owner/name.
  await trx.updateTable('group').set({ parentId: to }).where('owner', '=', to).where('parentId', '=', from).execute();
  const members = await trx
    .selectFrom('user')
    .select(['owner', 'name', 'groups'])
    .where(sql<boolean>`${sql.ref('groups')} like ${likePattern(JSON.stringify(`${from}/`).slice(0, -1))} escape '!'`)
    .execute();
  for (const member of members) {
    const groups = member.groups.map((id) => (id.startsWith(`${from}/`) ? `${to}/${id.slice(from.length + 1)}` : id));
    if (groups.some((id, i) => id !== member.groups[i])) {
      await trx.updateTable('user').set({ groups }).where('owner', '=', member.owner).where('name', '=', member.name).execute();
    }
  }
}

export async function deleteOrganizationData(trx: Db, name: string): Promise<void> {
  for (const { table, column } of organizationColumns()) {
    await loose(trx).deleteFrom(table).where(column, '=', name).execute();
  }
}
