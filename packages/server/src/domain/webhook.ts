import {
  ADMIN_OWNER,
  collapseObjectFields,
  isGlobalAdmin,
  randomHex,
  type Webhook,
  webhook as webhookDef,
  webhookHeadersProblem,
  webhookId,
} from '@gatehouse/entities';
import { AppError } from '../errors.js';
import { type Actor, viewerOf } from './actor.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';
import { deleteWebhookEvents, renameWebhookEvents } from './webhook-events.js';

/**
 * Rules every write of a webhook follows, whoever writes: the organization exists; the owner is
 * `admin` or that organization (Casdoor's SDK adds webhooks with the organization as owner); the headers are
 * valid and none the server sets itself; object fields collapse to All when All is among them; the
 * secret is generated when empty. A webhook of anyone but a global administrator stays with its
 * own organization's records (singleOrgOnly), as Casdoor's controller forces it: turning it off
 * would send every organization's records to the URL an organization administrator chose.
 */
async function normalise({ trx, server, actor }: HookContext, hook: Webhook): Promise<void> {
  await requireOrganization(server, hook.organization, trx);
  if (hook.owner !== ADMIN_OWNER && hook.owner !== hook.organization) {
    throw new AppError('webhookOwnerInvalid', { owner: hook.owner, organization: hook.organization });
  }
  const problem = webhookHeadersProblem(hook.headers);
  if (problem) throw new AppError(problem.key, problem.params);
  hook.objectFields = collapseObjectFields(hook.objectFields);
  if (!hook.secret) hook.secret = randomHex(64);
  if (!keepsEveryOrganization(actor)) hook.singleOrgOnly = true;
}

function keepsEveryOrganization(actor: Actor): boolean {
  const viewer = viewerOf(actor);
  return viewer === null || isGlobalAdmin(viewer);
}

/**
 * Webhooks' one write path. A rename is followed by the webhook's deliveries; a delete removes
 * them (the delivery log lives on the webhook's page).
 */
export const webhooks = new EntityDomain(webhookDef, {
  beforeAdd: async (ctx, hook) => normalise(ctx, hook),
  beforeUpdate: async (ctx, _before, next) => normalise(ctx, next),
  afterRename: async ({ trx }, before, after) => renameWebhookEvents(trx, webhookId(before), webhookId(after)),
  beforeDelete: async ({ trx }, hook) => deleteWebhookEvents(trx, webhookId(hook)),
});
