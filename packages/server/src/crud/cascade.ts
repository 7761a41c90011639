import { ADMIN_OWNER, ENTITIES } from '@gatehouse/entities';
import { type Kysely, sql } from 'kysely';
import { likePattern } from './list-query.js';

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

interface Key {
  owner: string;
  name: string;
}

/**
 * The organizations whose records find a provider stored as `owner/name` when they name it: its
 * own organization; for a shared provider of `admin`, every organization without a provider of
 * that name of its own (the lookup of sign-in pages, codes and uploads: own first, then shared).
 * Answers a filter on the organization column `column`.
 */
async function providerUsers(trx: Kysely<any>, provider: Key) {
  if (provider.owner !== ADMIN_OWNER) return (query: any, column: string) => query.where(column, '=', provider.owner);
  const own = await trx.selectFrom('provider').select('owner').where('name', '=', provider.name).execute();
  const excluded = own.map((row) => String(row.owner)).filter((owner) => owner !== ADMIN_OWNER);
  return (query: any, column: string) => (excluded.length === 0 ? query : query.where(column, 'not in', excluded));
}

/**
 * A provider renamed (update-provider with a new name or owner), inside the update's transaction:
 * what names it follows. Applications and linked identities name a provider by its name alone, so
 * they follow a new name, for the organizations that found it under the old one (providerUsers).
 * Resources name its owner too, so they follow any rename.
 */
export async function renameProviderReferences(trx: Kysely<any>, before: Key, after: Key): Promise<void> {
  await trx
    .updateTable('resource')
    .set({ provider: after.name, providerOwner: after.owner })
    .where('provider', '=', before.name)
    .where((eb: any) =>
      eb.or([eb('providerOwner', '=', before.owner), eb.and([eb('providerOwner', '=', ''), eb('owner', '=', before.owner)])]),
    )
    .execute();
  if (before.name === after.name) return;
  const users = await providerUsers(trx, before);

  await users(
    trx.updateTable('userIdentity').set({ providerName: after.name }).where('providerName', '=', before.name),
    'owner',
  ).execute();

  // Provider rows are JSON text: the applications whose text holds the quoted name are read, and
  // those with a row of that name are written back.
  const quoted = likePattern(JSON.stringify(before.name));
  const apps = await users(
    trx
      .selectFrom('application')
      .select(['owner', 'name', 'providers'])
      .where(sql<boolean>`${sql.ref('providers')} like ${quoted} escape '!'`),
    'organization',
  ).execute();
  for (const app of apps as { owner: string; name: string; providers: string }[]) {
    const rows = parseRows(app.providers);
    if (!rows.some((row) => row.name === before.name)) continue;
    const renamed = rows.map((row) => (row.name === before.name ? { ...row, name: after.name } : row));
    await trx
      .updateTable('application')
      .set({ providers: JSON.stringify(renamed) })
      .where('owner', '=', app.owner)
      .where('name', '=', app.name)
      .execute();
  }
}

function parseRows(text: unknown): { name?: unknown }[] {
  try {
    const parsed = JSON.parse(String(text ?? ''));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
