import { type EntityDefinition, keyFieldOf } from '@gatehouse/entities';

/** The parameters of a route pattern, in order (/ldap/:organizationName/:ldapId → organizationName, ldapId). */
function routeParams(pattern: string): string[] {
  return [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/**
 * The record field each parameter of the entity's edit route stands for: a parameter named after a
 * field takes that field; the others stand, from the last, for the key (the name, or the
 * definition's keyField) and then the organization (/products/:organizationName/:productName,
 * /ldap/:organizationName/:ldapId).
 */
function paramFields(def: EntityDefinition<any>): Map<string, string> {
  const params = routeParams(def.routes.edit ?? def.routes.list ?? '');
  const unnamed = params.filter((param) => !(param in def.fields)).reverse();
  const roles = [keyFieldOf(def), def.orgField];
  return new Map(params.map((param) => [param, param in def.fields ? param : (roles[unnamed.indexOf(param)] ?? param)]));
}

/**
 * The console route of a record's edit page, from the definition's route pattern (the list's, for
 * an entity without edit pages).
 */
export function editPath(def: EntityDefinition<any>, record: Record<string, unknown>): string {
  const pattern = def.routes.edit ?? def.routes.list ?? '/';
  const fields = paramFields(def);
  const path = pattern.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(String(record[fields.get(param) ?? param] ?? '')),
  );
  // A record of another owner than the default one (a webhook owned by its organization).
  const { owner } = record;
  if (def.defaultOwner && typeof owner === 'string' && owner !== '' && owner !== def.defaultOwner) {
    return withQuery(path, 'owner', owner);
  }
  return path;
}

/** `path` with one more query parameter. */
export function withQuery(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/** The owner/key id of the record an edit route shows (key: the name, or the keyField's value); null when the route lacks a part. */
export function recordIdOf(
  def: EntityDefinition<any>,
  params: Readonly<Record<string, string | undefined>>,
  search?: URLSearchParams,
): { owner: string; name: string } | null {
  const byField = new Map([...paramFields(def)].map(([param, field]) => [field, params[param]]));
  // The owner of a record whose organization is another field (applications) is fixed, or the
  // default one unless ?owner= names another (editPath).
  const chosen = def.defaultOwner ? search?.get('owner') || def.defaultOwner : undefined;
  const owner = def.fixedOwner ?? byField.get('owner') ?? chosen;
  const name = byField.get(keyFieldOf(def));
  return owner && name ? { owner, name } : null;
}
