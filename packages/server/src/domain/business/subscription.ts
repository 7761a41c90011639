import {
  nowRfc3339,
  type Plan,
  plan as planDef,
  role as roleDef,
  type Subscription,
  type SubscriptionState,
  subscription as subscriptionDef,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { EntityDomain } from '../entity-domain.js';
import type { HookContext } from '../hooks.js';
import { requireOrganization } from '../organization.js';
import { roles } from '../role.js';
import { requireNamed } from './lookups.js';

/**
 * Subscriptions. A subscription names a user, a plan and a pricing of its
 * organization. While it is Active its user holds the plan's role (a member of the role's users);
 * when it stops being Active (expired, suspended, deleted ...) the user loses the role unless
 * another active subscription grants it. Only global administrators change the state (the
 * definition's rule); the clock (`refreshSubscriptionStates`) moves Active, Upcoming and Expired
 * with the start and end times, as Casdoor's UpdateState does.
 */

const GRANTING: SubscriptionState = 'Active';

async function checkSubscription(ctx: HookContext, sub: Subscription): Promise<void> {
  await requireOrganization(ctx.server, sub.owner, ctx.trx);
  await requireNamed(ctx.trx, 'user', sub.owner, [sub.user]);
  await requireNamed(ctx.trx, 'plan', sub.owner, [sub.plan]);
  await requireNamed(ctx.trx, 'pricing', sub.owner, [sub.pricing]);
  for (const time of [sub.startTime, sub.endTime]) {
    if (time && Number.isNaN(Date.parse(time))) throw new AppError('subscriptionTimeInvalid', { time });
  }
  if (sub.startTime && sub.endTime && Date.parse(sub.endTime) < Date.parse(sub.startTime)) {
    throw new AppError('subscriptionTimesInvalid', { start: sub.startTime, end: sub.endTime });
  }
}

async function planOf(ctx: HookContext, sub: Pick<Subscription, 'owner' | 'plan'>): Promise<Plan | undefined> {
  return sub.plan ? ctx.server.repo(planDef).get(sub.owner, sub.plan, ctx.trx) : undefined;
}

/** Adds or removes the user's id in the role's users, through the role's domain. */
async function setRoleMember(ctx: HookContext, owner: string, roleName: string, userId: string, member: boolean): Promise<void> {
  const role = await ctx.server.repo(roleDef).get(owner, roleName, ctx.trx);
  if (!role) return;
  const has = role.users.includes(userId);
  if (has === member) return;
  const users = member ? [...role.users, userId] : role.users.filter((id) => id !== userId);
  await roles.update(ctx.server, 'system', { owner, name: roleName }, { users }, { trx: ctx.trx, columns: ['users'] });
}

/** Whether another active subscription of the user (not `except`) grants `role`. */
async function otherGrant(ctx: HookContext, sub: Subscription, role: string, except: string): Promise<boolean> {
  const rows = await ctx.trx
    .selectFrom('subscription')
    .innerJoin('plan', (join) => join.onRef('plan.owner', '=', 'subscription.owner').onRef('plan.name', '=', 'subscription.plan'))
    .select('subscription.name')
    .where('subscription.owner', '=', sub.owner)
    .where('subscription.user', '=', sub.user)
    .where('subscription.state', '=', GRANTING)
    .where('subscription.name', '!=', except)
    .where('plan.role', '=', role)
    .limit(1)
    .execute();
  return rows.length > 0;
}

/** Keeps the plan's role with the subscription's state: granted while Active, else withdrawn. */
async function followRole(ctx: HookContext, before: Subscription | undefined, after: Subscription | undefined): Promise<void> {
  const revoke = before?.state === GRANTING ? await planOf(ctx, before) : undefined;
  const grant = after?.state === GRANTING ? await planOf(ctx, after) : undefined;
  if (revoke?.role && before?.user) {
    const stays = grant?.role === revoke.role && after?.user === before.user && after?.owner === before.owner;
    if (!stays && !(await otherGrant(ctx, before, revoke.role, before.name))) {
      await setRoleMember(ctx, before.owner, revoke.role, `${before.owner}/${before.user}`, false);
    }
  }
  if (grant?.role && after?.user) await setRoleMember(ctx, after.owner, grant.role, `${after.owner}/${after.user}`, true);
}

export const subscriptions = new EntityDomain(subscriptionDef, {
  async beforeAdd(ctx, sub) {
    await checkSubscription(ctx, sub);
    await followRole(ctx, undefined, sub);
  },
  async beforeUpdate(ctx, before, next) {
    await checkSubscription(ctx, next);
    await followRole(ctx, before, next);
  },
  async beforeDelete(ctx, sub) {
    await followRole(ctx, sub, undefined);
  },
});

/** The state the clock gives an Active, Upcoming or Expired subscription at `now`. */
export function clockState(sub: Pick<Subscription, 'state' | 'startTime' | 'endTime'>, now: number): SubscriptionState {
  if (sub.state !== 'Active' && sub.state !== 'Upcoming' && sub.state !== 'Expired') return sub.state;
  if (sub.endTime && Date.parse(sub.endTime) < now) return 'Expired';
  if (sub.startTime && Date.parse(sub.startTime) > now) return 'Upcoming';
  return 'Active';
}

/**
 * Moves subscriptions whose times have come (Active → Expired, Upcoming → Active ...), each through
 * the domain so that roles follow. Answers how many changed.
 */
export async function refreshSubscriptionStates(server: ServerContext, now = Date.now()): Promise<number> {
  const rows = await server.database.db
    .selectFrom('subscription')
    .select(['owner', 'name', 'state', 'startTime', 'endTime'])
    .where('state', 'in', ['Active', 'Upcoming'])
    .execute();
  let changed = 0;
  for (const row of rows) {
    const state = clockState({ state: row.state, startTime: row.startTime, endTime: row.endTime }, now);
    if (state === row.state) continue;
    await subscriptions.update(server, 'system', { owner: row.owner, name: row.name }, { state }, { columns: ['state'] });
    changed += 1;
  }
  return changed;
}

/** The start and end of a subscription of `period` starting at `start`. */
export function subscriptionPeriod(period: string, start = new Date()): { startTime: string; endTime: string } {
  const end = new Date(start);
  if (period === 'Yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return { startTime: nowRfc3339(start), endTime: nowRfc3339(end) };
}
