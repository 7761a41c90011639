import { isGlobalAdmin, may, splitId, type User, user as userDef, type Viewer } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount, requireOwnSignin } from '../auth/account.js';
import { providerAuthUrl, userApplicationOf } from '../auth/provider-login.js';
import type { ServerContext } from '../context.js';
import { identitiesOfUser, unlinkIdentity } from '../domain/identities.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { bodyOf, isJsonObject, paramOf } from '../http/params.js';
import { publicApplication } from '../protocols/oidc/authorize.js';

/**
 * Routes of sign-in through identity providers and of the accounts linked to users:
 *
 *   POST /api/provider-auth-url          the provider's authorization URL for a sign-in or a link (provider-login.ts)
 *   GET  /api/get-user-application?id=   the application whose providers the user links (Casdoor's call)
 *   GET  /api/get-user-identities?id=    the user's linked accounts
 *   POST /api/unlink                     {providerType, providerName, user}: removes one (Casdoor's call)
 *
 * The user's own linked accounts are theirs and their organization administrators' to see (spec
 * part 1: the third-party login section is for the user and administrators only).
 */

/** The user a call names (owner/name), which the caller must be or administer; the caller's own by default. */
async function targetUser(server: ServerContext, viewer: Viewer, id: string): Promise<User> {
  const parsed = id ? splitId(id) : { owner: viewer.owner, name: viewer.name };
  if (!parsed) throw new AppError('badId', { id });
  // The user, or an administrator of the user's organization (the user's update rule).
  if (!may(userDef, 'update', viewer, { ...parsed })) throw new AppError('unauthorized');
  const user = await server.repo(userDef).get(parsed.owner, parsed.name);
  if (!user) throw new AppError('missing', { entity: 'user', id: `${parsed.owner}/${parsed.name}` });
  return user;
}

/** Casdoor's unlink body names the user as a User object; a plain "owner/name" is accepted too. */
function unlinkUserId(request: FastifyRequest): string {
  const value = bodyOf(request).user;
  if (isJsonObject(value)) {
    const { owner, name } = value;
    if (typeof owner === 'string' && typeof name === 'string' && owner && name) return `${owner}/${name}`;
    return '';
  }
  return typeof value === 'string' ? value : '';
}

export function registerIdentityRoutes(app: FastifyInstance, server: ServerContext) {
  const { db } = server.database;

  app.post('/api/provider-auth-url', (request, reply) => providerAuthUrl(server, request, reply));

  app.get('/api/get-user-application', async (request) => {
    const { viewer } = await requireAccount(server, request);
    const user = await targetUser(server, viewer, paramOf(request, 'id'));
    const found = await userApplicationOf(server, user);
    return ok(found ? await publicApplication(server, found) : null);
  });

  app.get('/api/get-user-identities', async (request) => {
    const { viewer } = await requireAccount(server, request);
    const user = await targetUser(server, viewer, paramOf(request, 'id'));
    const identities = await identitiesOfUser(db, user.owner, user.name);
    return ok(identities.map(({ owner: _owner, user: _user, ...identity }) => identity));
  });

  // Casdoor's rule: a user unlinks their own account only where their application's provider row
  // allows it (canUnlink); an administrator of their organization acts for them under the same
  // rule; a global administrator may always unlink (the way back for a locked-out account).
  app.post('/api/unlink', async (request) => {
    const { viewer } = await requireOwnSignin(server, request);
    const user = await targetUser(server, viewer, unlinkUserId(request));
    const providerName = paramOf(request, 'providerName');
    const providerType = paramOf(request, 'providerType');
    if (!providerName && !providerType) throw new AppError('missingParameter', { name: 'providerType' });
    const owner = user.owner;
    const name = user.name;
    const linked = (await identitiesOfUser(db, owner, name)).filter((identity) =>
      providerName ? identity.providerName === providerName : identity.providerType === providerType,
    );
    if (linked.length === 0) throw new AppError('providerNotLinked');
    if (!isGlobalAdmin(viewer)) {
      const application = await userApplicationOf(server, user);
      const rows = application?.providers ?? [];
      const allowed = linked.every((identity) => rows.some((row) => row.name === identity.providerName && row.canUnlink));
      if (!allowed) throw new AppError('providerCannotUnlink');
    }
    await unlinkIdentity(db, owner, name, providerName ? { providerName } : { providerType });
    return ok();
  });
}
