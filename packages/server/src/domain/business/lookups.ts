import { ADMIN_OWNER, type Provider, provider as providerDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

/** What the business rules look up: the records a product, plan, pricing or subscription names. */

/** The records of `table` in `owner` among `names` (one query), as a set of names. */
async function namesIn(
  trx: Db,
  table: 'user' | 'role' | 'plan' | 'pricing' | 'product',
  owner: string,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await trx.selectFrom(table).select('name').where('owner', '=', owner).where('name', 'in', names).execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * Every non-empty name of `names` is a record of `kind` in the organization `owner`; else the
 * first missing one is named in the refusal.
 */
export async function requireNamed(
  trx: Db,
  kind: 'user' | 'role' | 'plan' | 'pricing' | 'product',
  owner: string,
  names: readonly string[],
): Promise<void> {
  const wanted = names.filter((name) => name !== '');
  const found = await namesIn(trx, kind, owner, wanted);
  const missing = wanted.find((name) => !found.has(name));
  if (missing !== undefined) throw new AppError('businessReferenceMissing', { kind, name: missing, owner });
}

/**
 * The Payment providers a product or plan of `owner` may name: the organization's own and the
 * shared ones of `admin`, the organization's first when both have the name.
 */
export async function paymentProvidersOf(
  server: ServerContext,
  trx: Db,
  owner: string,
  names: readonly string[],
): Promise<Provider[]> {
  if (names.length === 0) return [];
  const rows = await trx
    .selectFrom('provider')
    .selectAll()
    .where('owner', 'in', [...new Set([owner, ADMIN_OWNER])])
    .where('name', 'in', names)
    .execute();
  const found = rows.map((row) => server.repo(providerDef).toRecord(row));
  return names.flatMap((name) => {
    const own = found.find((p) => p.name === name && p.owner === owner) ?? found.find((p) => p.name === name);
    return own ? [own] : [];
  });
}

/** What the business pages show of a provider: never its settings. */
export type ProviderSummary = Pick<Provider, 'owner' | 'name' | 'displayName' | 'category' | 'type'>;

/**
 * The providers named `names` as records of any of `owners` name them, in one query: `find(owner,
 * name)` answers the organization's own provider, else the shared one of `admin`.
 */
export async function providersNamed(
  db: Db,
  owners: readonly string[],
  names: readonly string[],
): Promise<(owner: string, name: string) => ProviderSummary | undefined> {
  const rows =
    names.length === 0
      ? []
      : await db
          .selectFrom('provider')
          .select(['owner', 'name', 'displayName', 'category', 'type'])
          .where('owner', 'in', [...new Set([...owners, ADMIN_OWNER])])
          .where('name', 'in', [...new Set(names)])
          .execute();
  return (owner, name) =>
    rows.find((r) => r.name === name && r.owner === owner) ?? rows.find((r) => r.name === name && r.owner === ADMIN_OWNER);
}

/** Every name of `names` is a Payment provider of `owner` or a shared one. */
export async function requirePaymentProviders(
  server: ServerContext,
  trx: Db,
  owner: string,
  names: readonly string[],
): Promise<void> {
  const found = await paymentProvidersOf(server, trx, owner, names);
  for (const name of names) {
    const provider = found.find((p) => p.name === name);
    if (provider?.category !== 'Payment') throw new AppError('businessProviderNotPayment', { name, owner });
  }
}
