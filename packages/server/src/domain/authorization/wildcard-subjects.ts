import { DefaultRoleManager } from 'casbin';

/** `org/name` is also `org/*` (every user of the organization) and `*` (everyone). */
export function wildcardsOf(name: string): string[] {
  const slash = name.indexOf('/');
  return slash > 0 ? [`${name.slice(0, slash)}/*`, '*'] : ['*'];
}

/**
 * casbin's role manager, where a subject also inherits what its wildcards have: a permission for
 * `acme/*` (All) applies to every user of acme, and a role whose users are `acme/*` to them too.
 */
export class WildcardRoleManager extends DefaultRoleManager {
  override syncedHasLink(name1: string, name2: string, ...domain: string[]): boolean {
    if (super.syncedHasLink(name1, name2, ...domain)) return true;
    return wildcardsOf(name1).some((w) => w === name2 || super.syncedHasLink(w, name2, ...domain));
  }

  override async hasLink(name1: string, name2: string, ...domain: string[]): Promise<boolean> {
    return this.syncedHasLink(name1, name2, ...domain);
  }
}
