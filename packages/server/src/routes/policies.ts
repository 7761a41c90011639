import { enforcer as enforcerDef, model as modelDef, splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import type { LooseRecord } from '../db/repository.js';
import { modelCfgOf } from '../domain/authorization/casbin-model.js';
import {
  addPolicy,
  filteredPolicies,
  filtersOfBody,
  listPolicies,
  policyPage,
  removePolicy,
  ruleOfBody,
  testAdapter,
  updatePolicy,
} from '../domain/authorization/enforcer-policies.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { queryOf, queryParam } from '../http/params.js';
import { parsePage } from './list-query.js';

const affected = (done: boolean) => ok(done ? 'Affected' : 'Unaffected');

/**
 * get-enforcer?loadModelCfg=true: the enforcer with `modelCfg`, its model's policy and role
 * definitions (Casdoor's LoadModelCfg); a missing model leaves it out.
 */
export async function enforcerWithModelCfg(
  ctx: ServerContext,
  request: FastifyRequest,
  answer: LooseRecord,
): Promise<LooseRecord> {
  if (queryParam(request, 'loadModelCfg') !== 'true' || typeof answer.model !== 'string' || !answer.model) return answer;
  const key = splitId(answer.model);
  const model = key ? await ctx.repo(modelDef).get(key.owner, key.name) : undefined;
  return model ? { ...answer, modelCfg: modelCfgOf(model.modelText) } : answer;
}

/** The policy routes of enforcers (Casdoor's controllers/enforcer.go). */
export function registerPolicyRoutes(app: FastifyInstance, ctx: ServerContext) {
  // get-policies?id=owner/name: every policy (Casdoor's call); with p and pageSize one page, the total
  // in data2 (and sync=true reads the adapter again, as the call without paging does); with
  // adapterId=owner/name it tests the adapter's connection instead.
  app.get('/api/get-policies', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const adapterId = queryParam(request, 'adapterId');
    if (adapterId) {
      await testAdapter(ctx, viewer, adapterId);
      return ok();
    }
    const id = queryParam(request, 'id');
    const page = parsePage(queryOf(request));
    if (!page) return ok(await listPolicies(ctx, viewer, id));
    const { policies, total } = await policyPage(ctx, viewer, id, page, queryParam(request, 'sync') === 'true');
    return ok(policies, total);
  });

  app.post('/api/get-filtered-policies', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok(await filteredPolicies(ctx, viewer, queryParam(request, 'id'), filtersOfBody(request.body)));
  });

  app.post('/api/add-policy', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return affected(await addPolicy(ctx, viewer, queryParam(request, 'id'), ruleOfBody(request.body)));
  });

  app.post('/api/update-policy', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const body = request.body;
    if (!Array.isArray(body) || body.length !== 2) throw new AppError('policyPairExpected');
    return affected(await updatePolicy(ctx, viewer, queryParam(request, 'id'), ruleOfBody(body[0]), ruleOfBody(body[1])));
  });

  app.post('/api/remove-policy', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return affected(await removePolicy(ctx, viewer, queryParam(request, 'id'), ruleOfBody(request.body)));
  });
}

export const ENFORCER_READ_EXTRAS = { [enforcerDef.name]: enforcerWithModelCfg };
