import { DEFINITIONS } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { likePrefix } from '../db/list.js';
import { loose } from '../db/loose.js';
import { renameOrganizationInIdLists } from './references.js';

/**
 * Organization-wide changes that follow the registry: every entity that records its organization
 * in `owner` or `organization` is covered (but history: audit records), including entities added later, and so are the
 * server's tables that belong to an organization's users (sessions, linked identities). `entity`:
 * the entity whose records move with their owner (reported to the written event as one write of
 * `organization/*`).
 */
function organizationColumns(): { table: string; column: string; entity?: string }[] {
  const out: { table: string; column: string; entity?: string }[] = [];
  for (const def of DEFINITIONS) {
    // Views have no table; history (audit records) stays as it was written.
    if (def.view || def.history) continue;
    if (def.orgField === 'owner' && !def.fixedOwner) out.push({ table: def.table, column: 'owner', entity: def.name });
    if (def.orgField === 'organization') out.push({ table: def.table, column: 'organization' });
    // A record that may be owned by its organization (webhooks) follows it in its owner too.
    if (def.defaultOwner) out.push({ table: def.table, column: 'owner', entity: def.name });
  }
  out.push({ table: 'authSession', column: 'owner' });
  out.push({ table: 'recordedSession', column: 'owner' });
  out.push({ table: 'userIdentity', column: 'owner' });
  out.push({ table: 'userGroup', column: 'owner' });
  // Webhook deliveries of the organization's records (domain/webhook-events.ts).
  out.push({ table: 'webhookEvent', column: 'organization' });
  return out;
}

/** Memberships of the groups whose id starts with `prefix` (an organization's name and "/"). */
const startsWith = (prefix: string) => sql<boolean>`${sql.ref('groupId')} like ${likePrefix(prefix)} escape '!'`;

/**
 * Follows an organization's rename into everything it owns, in the rename's transaction. The
 * written event hears the organization's rename, one rename `from/*` → `to/*` of each entity whose
 * records it owns, and the updates of the id lists and users' groups that named it.
 */
export async function renameOrganizationEverywhere(server: ServerContext, trx: Db, from: string, to: string): Promise<void> {
  for (const { table, column, entity } of organizationColumns()) {
    await loose(trx)
      .updateTable(table)
      .set({ [column]: to })
      .where(column, '=', from)
      .execute();
    if (entity)
      server.services.writes.report(trx, { entity, kind: 'rename', id: `${to}/*`, before: `${from}/*`, fields: [column] });
  }
  // Top groups name their organization as parent; users name their groups owner/name.
  await trx.updateTable('group').set({ parentId: to }).where('owner', '=', to).where('parentId', '=', from).execute();
  const prefix = `${from}/`;
  const renamed = (id: string) => (id.startsWith(prefix) ? `${to}/${id.slice(prefix.length)}` : id);
  const members = await trx.selectFrom('userGroup').select(['owner', 'name']).distinct().where(startsWith(prefix)).execute();
  for (const member of members) {
    const user = await trx
      .selectFrom('user')
      .select('groups')
      .where('owner', '=', member.owner)
      .where('name', '=', member.name)
      .executeTakeFirst();
    if (user) {
      await trx
        .updateTable('user')
        .set({ groups: user.groups.map(renamed) })
        .where('owner', '=', member.owner)
        .where('name', '=', member.name)
        .execute();
      server.services.writes.report(trx, {
        entity: 'user',
        kind: 'update',
        id: `${member.owner}/${member.name}`,
        fields: ['groups'],
      });
    }
  }
  // Roles and permissions name users, groups and roles owner/name.
  await renameOrganizationInIdLists(server, trx, from, to);
  const memberships = await trx.selectFrom('userGroup').selectAll().where(startsWith(prefix)).execute();
  for (const row of memberships) {
    await trx
      .updateTable('userGroup')
      .set({ groupId: renamed(row.groupId) })
      .where('owner', '=', row.owner)
      .where('name', '=', row.name)
      .where('groupId', '=', row.groupId)
      .execute();
  }
}

/** Deletes everything an organization owns; the written event hears one delete of `name/*` per entity. */
export async function deleteOrganizationData(server: ServerContext, trx: Db, name: string): Promise<void> {
  for (const { table, column, entity } of organizationColumns()) {
    await loose(trx).deleteFrom(table).where(column, '=', name).execute();
    if (entity) server.services.writes.report(trx, { entity, kind: 'delete', id: `${name}/*` });
  }
}
