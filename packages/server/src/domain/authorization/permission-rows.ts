import {
  adapter as adapterDef,
  adapterTableOf,
  model as modelDef,
  type Permission,
  permissionModelId,
  splitId,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { afterCommit } from '../transaction.js';
import { POLICIES, type Write } from '../writes.js';
import { hasDomainDefinition, hasRoleDefinition, idOf, inForce, permissionModel, policiesOf } from './permission-policies.js';
import { type RuleStore, trimmedValues } from './policy-rows.js';
import { ruleStoreOf, SameDbRuleStore } from './policy-store.js';

/** Casdoor's table of permission rows when a permission names no adapter. */
export const PERMISSION_RULE_TABLE = 'permission_rule';

/**
 * The store a permission's rows are kept in: its adapter's (a name in the permission's
 * organization), else the server's own `permission_rule` table; `external` says whether it is
 * another database (written after the commit, outside the transaction).
 */
async function storeOf(ctx: ServerContext, trx: Db, p: Permission): Promise<{ store: RuleStore; external: boolean }> {
  const adapter = p.adapter ? await ctx.repo(adapterDef).get(p.owner, p.adapter, trx) : undefined;
  if (!adapter) return { store: new SameDbRuleStore(trx, PERMISSION_RULE_TABLE), external: false };
  if (adapter.useSameDb) return { store: new SameDbRuleStore(trx, adapterTableOf(adapter)), external: false };
  return { store: ruleStoreOf(ctx, adapter), external: true };
}

/**
 * Keeps a permission's `p` rows in its adapter's table (as Casdoor does), so that an enforcer over
 * the same adapter shows and enforces them: the rows of `before` (by permissionId, v5) are removed
 * and those of `after` added when it is in force (enabled and Approved). Rows in the server's own
 * database change in the write's transaction; rows of an external database after it commits. The
 * written event hears them as a write of the permission's `policies` (the engines over adapter
 * tables are rebuilt): with the transaction, or once the external rows are written.
 */
export async function syncPermissionRows(
  ctx: ServerContext,
  trx: Db,
  before: Permission | undefined,
  after: Permission | undefined,
) {
  const writes: { external: boolean; run: () => Promise<void> }[] = [];
  if (before) {
    const { store, external } = await storeOf(ctx, trx, before);
    writes.push({ external, run: () => store.removeFiltered('p', 5, [idOf(before)]) });
  }
  if (after && inForce(after)) {
    const { store, external } = await storeOf(ctx, trx, after);
    const rows = policiesOf(after).map((values) => ({ ptype: 'p', values: trimmedValues(values) }));
    writes.push({ external, run: () => store.add(rows) });
  }
  for (const write of writes.filter((w) => !w.external)) await write.run();
  const external = writes.filter((w) => w.external);
  const id = idOf(after ?? before ?? { owner: '', name: '' });
  const written: Write = { entity: 'permission', kind: 'update', id, fields: [POLICIES] };
  if (external.length === 0) {
    ctx.services.writes.report(trx, written);
    return;
  }
  afterCommit(ctx, trx, () => {
    const done = external.reduce((chain, w) => chain.then(w.run), Promise.resolve());
    done
      .catch((err: unknown) => ctx.log.error({ err, permission: id }, 'permission rows not written to the external adapter'))
      // Written by now in the external database: heard at once.
      .finally(() => ctx.services.writes.report(ctx.database.db, written));
  });
}

/**
 * Fits a permission to its model as Casdoor does before saving: the model must be usable
 * for permissions (at most six policy fields, the sixth being permissionId); without a role
 * definition the permission keeps no roles, without a `dom` request field no domains.
 */
export async function fitPermissionToModel(ctx: ServerContext, trx: Db, p: Permission): Promise<void> {
  // A model of the permission's organization by name, or owner/name; none (or none of that name)
  // is Casdoor's built-in RBAC model, as enforcement reads it.
  const key = splitId(permissionModelId(p));
  const stored = key ? await ctx.repo(modelDef).get(key.owner, key.name, trx) : undefined;
  const text = stored?.modelText ?? '';
  let model: ReturnType<typeof permissionModel>;
  try {
    model = permissionModel(text);
  } catch (err) {
    throw new AppError('enforceModelError', { detail: err instanceof Error ? err.message : String(err) });
  }
  if (!hasRoleDefinition(model)) p.roles = [];
  if (!hasDomainDefinition(model)) p.domains = [];
}
