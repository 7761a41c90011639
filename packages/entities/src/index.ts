import { application } from './application.js';
import { adapter, enforcer, model } from './authz-models.js';
import { payment, plan, pricing, product, subscription, transaction } from './business.js';
import { cert } from './cert.js';
import type { EntityDefinition } from './define.js';
import { group } from './group.js';
import { invitation } from './invitation.js';
import { ldap } from './ldap.js';
import { organization } from './organization.js';
import { permission } from './permission.js';
import { provider } from './provider.js';
import { record } from './record.js';
import { resource } from './resource.js';
import { role } from './role.js';
import { session } from './session.js';
import { syncer } from './syncer.js';
import { token } from './token.js';
import { user } from './user.js';
import { verification } from './verification.js';
import { webhook } from './webhook.js';

export * from './access.js';
export * from './account-item-rules.js';
export * from './account-items.js';
export * from './application.js';
export * from './application-items.js';
export * from './application-needs.js';
export * from './auth-rules.js';
export * from './authz-models.js';
export * from './business.js';
export * from './cert.js';
export * from './constants.js';
export * from './dashboard.js';
export * from './define.js';
export * from './enforcement.js';
export * from './envelope.js';
export * from './field-checks.js';
export * from './group.js';
export * from './invitation.js';
export * from './invoice.js';
export * from './ldap.js';
export * from './manifest.js';
export * from './mfa.js';
export * from './model-text.js';
export * from './money.js';
export * from './nav.js';
export * from './organization.js';
export * from './password-obfuscator.js';
export * from './password-options.js';
export * from './permission.js';
export * from './plan-payment.js';
export * from './policy.js';
export * from './provider.js';
export * from './provider-types.js';
export * from './random.js';
export * from './record.js';
export * from './record-keys.js';
export * from './released-user.js';
export * from './resource.js';
export * from './resource-files.js';
export * from './role.js';
export * from './session.js';
export * from './syncer.js';
export * from './system-info.js';
export * from './table-names.js';
export * from './theme.js';
export * from './token.js';
export * from './user.js';
export * from './verification.js';
export * from './web3-auth.js';
export * from './webauthn.js';
export * from './webhook.js';
export * from './webhook-events.js';
export * from './webhook-payload.js';

/**
 * Every entity, in menu order. The server registers CRUD routes and tables for each; the console
 * builds list and edit pages for each; the contract tests loop over it.
 */
export const ENTITIES = [
  organization,
  group,
  user,
  invitation,
  application,
  provider,
  resource,
  cert,
  session,
  record,
  role,
  permission,
  model,
  adapter,
  enforcer,
  token,
  verification,
  product,
  payment,
  plan,
  pricing,
  subscription,
  transaction,
  syncer,
  ldap,
  webhook,
] as const;

/** Any one of the entities (its name, table and fields precisely typed). */
export type Entity = (typeof ENTITIES)[number];
export type EntityName = Entity['name'];

/** The entities that are views of the server's own rows (no table of their own; see `view`). */
export type ViewEntity = typeof session;

/** The registry as plain definitions, for code that treats every entity alike. */
export const DEFINITIONS: readonly EntityDefinition[] = ENTITIES;

export function entityByName(name: string): EntityDefinition | undefined {
  return DEFINITIONS.find((e) => e.name === name);
}
