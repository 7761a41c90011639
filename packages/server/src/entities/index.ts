import type { EntityHooks } from '../crud/hooks.js';
import { applicationHooks } from './application.hooks.js';
import { certHooks } from './cert.hooks.js';
import { organizationHooks } from './organization.hooks.js';
import { providerHooks } from './provider.hooks.js';
import { resourceHooks } from './resource.hooks.js';
import { userHooks } from './user.hooks.js';

/** Entity-specific server behaviour, by entity name. Entities without an entry are pure CRUD. */
export const HOOKS: Record<string, EntityHooks> = {
  organization: organizationHooks,
  user: userHooks,
  application: applicationHooks,
  cert: certHooks,
  provider: providerHooks,
  resource: resourceHooks,
};
