import type { EntityDefinition } from '@gatehouse/entities';

/**
 * The console route of a record's edit page, from the definition's route pattern (the list's, for
 * an entity without edit pages).
 */
export function editPath(def: EntityDefinition<any>, record: Record<string, unknown>): string {
  const pattern = def.routes.edit ?? def.routes.list;
  return pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(record[key] ?? '')));
}

/** The owner/name id of the record an edit route shows; null when the route lacks a part. */
export function recordIdOf(
  def: EntityDefinition<any>,
  params: Readonly<Record<string, string | undefined>>,
): { owner: string; name: string } | null {
  const owner = def.fixedOwner ?? params.owner;
  const name = params.name;
  return owner && name ? { owner, name } : null;
}
