import { group as groupDef, type Ldap, ldap as ldapDef, splitId } from '@gatehouse/entities';
import { AppError } from '../errors.js';
import { filterProblem } from '../integrations/ldap/entries.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';

/**
 * An LDAP server's own rules, on the writes that change what they check: its organization exists;
 * its search filter is an LDAP filter (checked when it is saved, not when a sync first uses it); its
 * default group is a group of its organization. A server moved to another organization leaves its
 * old organization's default group behind.
 */
async function settle({ trx, server }: HookContext, record: Ldap, before?: Ldap): Promise<void> {
  const moved = !before || record.owner !== before.owner;
  if (moved) await requireOrganization(server, record.owner, trx);
  if (!before || record.filter !== before.filter) {
    const detail = filterProblem(record.filter);
    if (detail !== null) throw new AppError('ldapFilterInvalid', { filter: record.filter, detail });
  }
  // Checked when it is chosen (a group deleted afterwards is skipped by the sync, not a reason to refuse other changes).
  if (record.defaultGroup && (moved || record.defaultGroup !== before?.defaultGroup)) {
    const id = splitId(record.defaultGroup);
    const found = id && id.owner === record.owner && (await server.repo(groupDef).exists(id.owner, id.name, trx));
    if (!found) throw new AppError('ldapDefaultGroupInvalid', { group: record.defaultGroup, organization: record.owner });
  }
}

export const ldaps = new EntityDomain(ldapDef, {
  beforeAdd: (ctx, record) => settle(ctx, record),
  beforeUpdate: async (ctx, before, next) => {
    if (next.owner !== before.owner && next.defaultGroup.startsWith(`${before.owner}/`)) next.defaultGroup = '';
    await settle(ctx, next, before);
  },
});
