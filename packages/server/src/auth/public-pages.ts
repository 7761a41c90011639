import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  type Organization,
  organization as organizationDef,
  splitId,
} from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { likePattern } from '../crud/list-query.js';
import { fromRow } from '../db/rows.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { publicApplication } from '../protocols/oidc/authorize.js';
import { signUp } from './signup.js';

type Query = Record<string, string | undefined>;

/** Largest page of organization names one call answers when it asks for a page. */
const MAX_NAMES_PAGE = 100;

/**
 * The organization's default application (Casdoor's rule): the one it names if it exists, else its
 * oldest application that allows sign-up, else its oldest application.
 */
export async function defaultApplicationOf(server: ServerContext, org: Organization): Promise<Application | undefined> {
  if (org.defaultApplication) {
    const named = await server.repo(applicationDef).get(ADMIN_OWNER, org.defaultApplication);
    if (named) return named as Application;
  }
  const rows = await server.database.db
    .selectFrom('application')
    .selectAll()
    .where('owner', '=', ADMIN_OWNER)
    .where('organization', '=', org.name)
    .orderBy('createdTime', 'asc')
    .orderBy('name', 'asc')
    .execute();
  const apps = rows.map((row) => fromRow(applicationDef, row) as Application);
  return apps.find((app) => app.enableSignUp) ?? apps[0];
}

async function getDefaultApplication(server: ServerContext, request: FastifyRequest) {
  const id = (request.query as Query).id ?? '';
  const parsed = splitId(id);
  if (!parsed) throw new AppError('badId', { id });
  const org = (await server.repo(organizationDef).get(ADMIN_OWNER, parsed.name)) as Organization | undefined;
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
  const query = request.query as Query;
  const { db, dialect } = server.database;
  let q = db
    .selectFrom('organization')
    .select(['name', 'displayName'])
    .where('owner', '=', query.owner || ADMIN_OWNER)
    .orderBy('name', 'asc');
  const value = query.value?.trim();
  if (value) {
    const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
    const pattern = likePattern(value);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref('name')} ${op} ${pattern} escape '!'`,
        sql<boolean>`${sql.ref('displayName')} ${op} ${pattern} escape '!'`,
      ]),
    );
  }
  if (query.pageSize) {
    const size = Number(query.pageSize);
    if (!Number.isInteger(size) || size < 1) throw new AppError('badPage', { max: MAX_NAMES_PAGE });
    q = q.limit(Math.min(size, MAX_NAMES_PAGE));
  }
  const rows = await q.execute();
  return ok(rows.map((row) => ({ name: String(row.name), displayName: String(row.displayName ?? '') })));
}

/** Public calls of the sign-in and sign-up pages: sign-up, an organization's default application, organization names. */
export function registerPublicPageRoutes(app: FastifyInstance, server: ServerContext) {
  app.post('/api/signup', (request, reply) => signUp(server, request, reply));
  app.get('/api/get-default-application', (request) => getDefaultApplication(server, request));
  app.get('/api/get-organization-names', (request) => getOrganizationNames(server, request));
}
