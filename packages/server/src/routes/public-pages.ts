import { ADMIN_OWNER, splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signUp } from '../auth/signup.js';
import type { ServerContext } from '../context.js';
import { containsCondition } from '../db/list.js';
import { defaultApplicationOf } from '../domain/application.js';
import { organizationByName } from '../domain/organization.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';
import { publicApplication } from '../protocols/oidc/authorize.js';

/** Largest page of organization names one call answers when it asks for a page. */
const MAX_NAMES_PAGE = 100;

async function getDefaultApplication(server: ServerContext, request: FastifyRequest) {
  const id = queryParam(request, 'id');
  const parsed = splitId(id);
  if (!parsed) throw new AppError('badId', { id });
  const org = await organizationByName(server, parsed.name);
  if (!org) throw new AppError('organizationMissing', { name: parsed.name });
  const app = await defaultApplicationOf(server, org);
  if (!app) throw new AppError('defaultApplicationMissing', { name: org.name });
  return ok(await publicApplication(server, app));
}

/**
 * The names and display names of the organizations (nothing else), for the organization picker of
 * the sign-in page. `value` narrows them to names or display names containing it and `pageSize`
 * caps the answer (additions to Casdoor's call, which answers every organization).
 */
async function getOrganizationNames(server: ServerContext, request: FastifyRequest) {
  const { db, dialect } = server.database;
  let q = db
    .selectFrom('organization')
    .select(['name', 'displayName'])
    .where('owner', '=', queryParam(request, 'owner') || ADMIN_OWNER)
    .orderBy('name', 'asc');
  const value = queryParam(request, 'value').trim();
  if (value) {
    q = q.where((eb) => eb.or([containsCondition('name', value, dialect), containsCondition('displayName', value, dialect)]));
  }
  const pageSize = queryParam(request, 'pageSize');
  if (pageSize) {
    const size = Number(pageSize);
    if (!Number.isInteger(size) || size < 1) throw new AppError('badPage', { max: MAX_NAMES_PAGE });
    q = q.limit(Math.min(size, MAX_NAMES_PAGE));
  }
  const rows = await q.execute();
  return ok(rows);
}

/** Public calls of the sign-in and sign-up pages: sign-up, an organization's default application, organization names. */
export function registerPublicPageRoutes(app: FastifyInstance, server: ServerContext) {
  app.post('/api/signup', (request, reply) => signUp(server, request, reply));
  app.get('/api/get-default-application', (request) => getDefaultApplication(server, request));
  app.get('/api/get-organization-names', (request) => getOrganizationNames(server, request));
}
