import { splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import type { RecordKey } from '../domain/entity-domain.js';
import { directoryUsers, ldapForAdmin, selectionOf, syncDirectoryUsers } from '../domain/ldap-sync.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';

/** The LDAP server ?id=owner/<ldap id> names. */
function ldapKeyOf(request: FastifyRequest): RecordKey {
  const id = queryParam(request, 'id');
  const key = splitId(id);
  if (!key) throw new AppError('badId', { id });
  return key;
}

/**
 * An LDAP server's directory (Casdoor's calls; the server's own CRUD is the generic five):
 * GET /api/get-ldap-users?id=owner/<id> answers the directory's users and the uuids already synced
 * into the organization; POST /api/sync-ldap-users?id=owner/<id> (body: the selected directory
 * users) adds them and answers those that existed and those that failed. Both for administrators of
 * the server's organization.
 */
export function registerLdapRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/get-ldap-users', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const ldap = await ldapForAdmin(ctx, viewer, ldapKeyOf(request));
    return ok(await directoryUsers(ctx, ldap));
  });

  app.post('/api/sync-ldap-users', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const ldap = await ldapForAdmin(ctx, viewer, ldapKeyOf(request));
    return ok(await syncDirectoryUsers(ctx, ldap, selectionOf(request.body)));
  });
}
