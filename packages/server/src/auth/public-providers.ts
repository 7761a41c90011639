import { ADMIN_OWNER, type Application } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Rec } from '../crud/repository.js';

/** What a public page may know of a provider: how to show its button, never its settings. */
const PUBLIC_PROVIDER_FIELDS = ['owner', 'name', 'displayName', 'category', 'type', 'subType', 'customLogo'] as const;

/**
 * The application's provider rows with their provider (Casdoor's ProviderItem.provider), for the
 * sign-in pages and the account page: the organization's provider of that name, else the shared
 * one of `admin`; null when neither exists. One query for all rows.
 */
export async function providerRowsWithProviders(server: ServerContext, app: Application): Promise<Rec[]> {
  const rows = app.providers ?? [];
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
    (found.find((p) => p.name === name && p.owner === app.organization) ??
      found.find((p) => p.name === name && p.owner === ADMIN_OWNER)) as Rec | undefined;
  return rows.map((row) => {
    const provider = byName(row.name);
    return { ...row, provider: provider ? Object.fromEntries(PUBLIC_PROVIDER_FIELDS.map((k) => [k, provider[k] ?? ''])) : null };
  });
}
