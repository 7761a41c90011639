import { ADMIN_OWNER, type Application, type Provider } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';

/** What a public page may know of a provider: how to show its button, never its settings. */
const PUBLIC_PROVIDER_FIELDS = ['owner', 'name', 'displayName', 'category', 'type', 'subType', 'customLogo'] as const;

/**
 * The application's provider rows with their provider (Casdoor's ProviderItem.provider), for the
 * sign-in pages and the account page: the organization's provider of that name, else the shared
 * one of `admin`; null when neither exists. One query for all rows.
 */
export type PublicProvider = Pick<Provider, (typeof PUBLIC_PROVIDER_FIELDS)[number]>;

export async function providerRowsWithProviders(
  server: ServerContext,
  app: Application,
): Promise<(Application['providers'][number] & { provider: PublicProvider | null })[]> {
  const rows = app.providers;
  const names = [...new Set(rows.map((row) => row.name).filter(Boolean))];
  const found =
    names.length === 0
      ? []
      : await server.database.db
          .selectFrom('provider')
          .select([...PUBLIC_PROVIDER_FIELDS])
          .where('name', 'in', names)
          .where('owner', 'in', [...new Set([app.organization, ADMIN_OWNER])])
          .execute();
  const byName = (name: string) =>
    found.find((p) => p.name === name && p.owner === app.organization) ??
    found.find((p) => p.name === name && p.owner === ADMIN_OWNER) ??
    null;
  return rows.map((row) => ({ ...row, provider: byName(row.name) }));
}
