import type { EntityDefinition, EntityName, ViewEntity } from '@gatehouse/entities';
import { applications } from './application.js';
import { adapters, enforcers, models } from './authorization/authorization-objects.js';
import { payments, plans, pricings, products, subscriptions, transactions } from './business/index.js';
import { certs } from './cert.js';
import { EntityDomain } from './entity-domain.js';
import { groups } from './group.js';
import { invitations } from './invitation.js';
import { ldaps } from './ldap.js';
import { organizations } from './organization.js';
import { permissions } from './permission.js';
import { providers } from './provider.js';
import { records } from './record.js';
import { resources } from './resource.js';
import { roles } from './role.js';
import { syncers } from './syncer/syncer.js';
import { tokens } from './token.js';
import { users } from './user.js';
import { verifications } from './verification.js';
import { webhooks } from './webhook.js';

/**
 * Every entity's domain: its one write path with its own rules. An entity without rules of its own
 * gets the generic one; listing it here is what makes its rules apply to every caller. Views
 * (sessions) have functions of their own (domain/session.ts) and no EntityDomain.
 */
const DOMAINS: { [Name in Exclude<EntityName, ViewEntity['name']>]: EntityDomain } = {
  organization: organizations,
  group: groups,
  user: users,
  invitation: invitations,
  application: applications,
  provider: providers,
  resource: resources,
  cert: certs,
  record: records,
  role: roles,
  permission: permissions,
  model: models,
  adapter: adapters,
  enforcer: enforcers,
  token: tokens,
  verification: verifications,
  product: products,
  payment: payments,
  plan: plans,
  pricing: pricings,
  subscription: subscriptions,
  transaction: transactions,
  syncer: syncers,
  ldap: ldaps,
  webhook: webhooks,
};

/**
 * The domain of an entity (by its definition), with the entity's rules; a definition outside the
 * registry gets the generic one (an EntityDomain keeps nothing between calls).
 */
export function domainOf(def: EntityDefinition): EntityDomain {
  const known: Partial<Record<string, EntityDomain>> = DOMAINS;
  return known[def.name] ?? new EntityDomain(def);
}
