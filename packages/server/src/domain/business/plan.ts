import {
  nowRfc3339,
  PLAN_PRODUCT_TAG,
  type Plan,
  type Product,
  plan as planDef,
  planPayment,
  pricing as pricingDef,
  product as productDef,
  randomId,
  subscription as subscriptionDef,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { likePattern } from '../../db/list.js';
import type { LooseRecord } from '../../db/repository.js';
import { EntityDomain } from '../entity-domain.js';
import type { HookContext } from '../hooks.js';
import { requireOrganization } from '../organization.js';
import { providersNamed, requireNamed, requirePaymentProviders } from './lookups.js';
import { products, removePlanProduct } from './product.js';

/**
 * Plans. A plan sells itself through a product of its own, which the
 * server creates with the plan (tag PLAN_PRODUCT_TAG), keeps equal to the plan on every change
 * (owner, price, currency, providers, names) and deletes with it, as Casdoor's plan controller
 * does. The role, when named, is a role of the plan's organization: subscribers hold it while
 * their subscription is active (subscription.ts).
 */

/**
 * What the plan's product takes from the plan (Casdoor's CreateProductForPlan/UpdateProductForPlan).
 * Its display name is the plan's (its name when it has none), where Casdoor's reads "Product for
 * Plan {name}/{displayName}/{period}": lists, payments and the plan's related product show it to
 * people, who named the plan (docs/casdoor-compatibility.md).
 */
function productFields(
  plan: Plan,
): Pick<Product, 'owner' | 'displayName' | 'detail' | 'description' | 'price' | 'currency' | 'providers'> {
  return {
    owner: plan.owner,
    displayName: plan.displayName.trim() || plan.name,
    detail: `This product was auto created for plan ${plan.name}(${plan.displayName}), subscription period is ${plan.period}`,
    description: plan.description,
    price: plan.price,
    currency: plan.currency,
    providers: plan.paymentProviders,
  };
}

async function checkPlan(ctx: HookContext, plan: Plan): Promise<void> {
  await requireOrganization(ctx.server, plan.owner, ctx.trx);
  await requireNamed(ctx.trx, 'role', plan.owner, [plan.role]);
  await requirePaymentProviders(ctx.server, ctx.trx, plan.owner, plan.paymentProviders);
}

async function createProductFor(ctx: HookContext, plan: Plan): Promise<string> {
  const name = `product_${randomId(6)}`;
  await products.create(
    ctx.server,
    'system',
    {
      ...productFields(plan),
      name,
      createdTime: nowRfc3339(),
      image: '',
      tag: PLAN_PRODUCT_TAG,
      quantity: 999,
      sold: 0,
      isRecharge: false,
      returnUrl: '',
      state: 'Published',
    },
    { trx: ctx.trx },
  );
  return name;
}

/** Renames of a plan followed into the pricings that list it and the subscriptions to it. */
async function followPlanRename(ctx: HookContext, before: Plan, after: Plan): Promise<void> {
  const { trx } = ctx;
  const pricings = await trx
    .selectFrom('pricing')
    .select(['owner', 'name', 'plans'])
    .where('owner', '=', before.owner)
    .where(sql<boolean>`${sql.ref('plans')} like ${likePattern(JSON.stringify(before.name))} escape '!'`)
    .execute();
  for (const row of pricings) {
    const plans = ctx.server.repo(pricingDef).toRecord(row).plans;
    if (!plans.includes(before.name)) continue;
    await trx
      .updateTable('pricing')
      .set({ plans: plans.map((name) => (name === before.name ? after.name : name)) })
      .where('owner', '=', row.owner)
      .where('name', '=', row.name)
      .execute();
  }
  // A plan moved to another organization leaves its subscribers (users of the old one) behind.
  if (after.owner !== before.owner) return;
  await trx
    .updateTable(subscriptionDef.table)
    .set({ plan: after.name })
    .where('owner', '=', before.owner)
    .where('plan', '=', before.name)
    .execute();
}

/**
 * What every read of plans answers beside the stored fields: whether customers can buy the plan
 * (`isPayable`) and what stands in the way (`paymentProblems`), judged on its product as a purchase
 * would be (plan-payment.ts). The public pricing page offers payable plans only; the plan and pricing
 * edit pages explain the problems. Two queries for the whole page.
 */
async function withPayment(server: ServerContext, stored: Plan[], answers: LooseRecord[]): Promise<LooseRecord[]> {
  const { db } = server.database;
  const owners = [...new Set(stored.map((p) => p.owner))];
  const names = [...new Set(stored.map((p) => p.product).filter((name) => name !== ''))];
  const rows =
    names.length === 0
      ? []
      : await db.selectFrom('product').selectAll().where('owner', 'in', owners).where('name', 'in', names).execute();
  const found = rows.map((row) => server.repo(productDef).toRecord(row));
  const productOf = (plan: Plan) => found.find((p) => p.owner === plan.owner && p.name === plan.product);
  const find = await providersNamed(
    db,
    owners,
    found.flatMap((p) => p.providers),
  );
  return answers.map((answer, i) => {
    const plan = stored[i];
    if (!plan) return answer;
    const product = productOf(plan);
    return { ...answer, ...planPayment(product, (name) => (product ? find(product.owner, name) : undefined)) };
  });
}

export const plans = new EntityDomain(planDef, {
  extend: withPayment,
  async beforeAdd(ctx, plan) {
    await checkPlan(ctx, plan);
    plan.product = await createProductFor(ctx, plan);
  },
  async beforeUpdate(ctx, before, next) {
    await checkPlan(ctx, next);
    // The product is the server's: whatever a client sends, the plan keeps its own.
    next.product = before.product;
    const key = { owner: before.owner, name: before.product };
    if (before.product && (await ctx.server.repo(productDef).exists(key.owner, key.name, ctx.trx))) {
      await products.update(ctx.server, 'system', key, productFields(next), {
        trx: ctx.trx,
        columns: Object.keys(productFields(next)),
      });
    } else {
      next.product = await createProductFor(ctx, next);
    }
  },
  afterRename: followPlanRename,
  async beforeDelete(ctx, plan) {
    if (plan.product) await removePlanProduct(ctx, ctx.trx, plan.owner, plan.product);
  },
});
