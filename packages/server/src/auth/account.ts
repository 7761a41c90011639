import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  BUILT_IN_ORG,
  levelOf,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Rec } from '../crud/repository.js';
import { AppError } from '../errors.js';
import { findClient, sameSecret } from '../protocols/oidc/clients.js';
import { basicCredentials, bearerToken } from '../protocols/oidc/params.js';
import { accessTokenActive, findToken } from '../protocols/oidc/tokens.js';
import { findSession, SESSION_COOKIE } from './session.js';

/**
 * The caller of a request: the viewer the access rules see, and how it proved who it is — a
 * console session, an access token, or an application's client credentials (machine clients such
 * as Casdoor's SDKs, which send HTTP Basic clientId:clientSecret on every call).
 */
export interface Account {
  viewer: Viewer;
  via: 'session' | 'token' | 'application';
  /** The user behind the caller; null for an application acting as itself. */
  user: Rec | null;
  /** The session token when the caller signed in through the console. */
  sessionToken?: string;
}

const accounts = new WeakMap<FastifyRequest, Promise<Account | null>>();

/** Resolves (once per request) who is calling; null for anonymous callers. */
export function accountOf(ctx: ServerContext, request: FastifyRequest): Promise<Account | null> {
  let pending = accounts.get(request);
  if (!pending) {
    pending = resolve(ctx, request);
    accounts.set(request, pending);
  }
  return pending;
}

function userViewer(user: Rec): Viewer {
  return {
    owner: String(user.owner),
    name: String(user.name),
    level: levelOf({ owner: String(user.owner), isAdmin: !!user.isAdmin }),
  };
}

/**
 * An application acting as itself administers its own organization (all of them for applications
 * of the built-in organization). Casdoor makes every application a global administrator; holding
 * one application's secret should not open every organization.
 */
function applicationViewer(app: Application): Viewer {
  return {
    owner: app.organization,
    name: `app/${app.name}`,
    level: app.organization === BUILT_IN_ORG ? 'globalAdmin' : 'orgAdmin',
  };
}

async function activeUser(ctx: ServerContext, owner: string, name: string): Promise<Rec | null> {
  const user = await ctx.repo(userDef).get(owner, name);
  return user && !user.isForbidden && !user.isDeleted ? user : null;
}

async function resolve(ctx: ServerContext, request: FastifyRequest): Promise<Account | null> {
  const sessionToken = request.cookies?.[SESSION_COOKIE];
  if (sessionToken) {
    const session = await findSession(ctx.database.db, sessionToken);
    const user = session ? await activeUser(ctx, session.owner, session.name) : null;
    if (user) return { viewer: userViewer(user), via: 'session', user, sessionToken };
  }

  const bearer = bearerToken(request);
  if (bearer) {
    const row = await findToken(ctx, 'accessTokenHash', bearer);
    if (!row || !accessTokenActive(row)) return null;
    if (row.user) {
      const user = await activeUser(ctx, String(row.organization), String(row.user));
      return user ? { viewer: userViewer(user), via: 'token', user } : null;
    }
    const app = (await ctx.repo(applicationDef).get(ADMIN_OWNER, String(row.application))) as Application | undefined;
    return app ? { viewer: applicationViewer(app), via: 'token', user: null } : null;
  }

  // Client credentials: Basic (a wrong one is ignored: it may belong to a proxy in front), or
  // clientId + clientSecret in the query (a wrong one is refused).
  const query = (request.query ?? {}) as Record<string, string | undefined>;
  const fromQuery = query.clientId && query.clientSecret ? { clientId: query.clientId, clientSecret: query.clientSecret } : null;
  const credentials = fromQuery ?? basicCredentials(request);
  if (credentials) {
    const app = await findClient(ctx, credentials.clientId);
    if (app && sameSecret(credentials.clientSecret, app.clientSecret))
      return { viewer: applicationViewer(app), via: 'application', user: null };
    if (fromQuery) throw new AppError('unauthorized');
  }
  return null;
}

/** The caller, or the "Please login first" refusal. */
export async function requireAccount(ctx: ServerContext, request: FastifyRequest): Promise<Account> {
  const account = await accountOf(ctx, request);
  if (!account) throw new AppError('pleaseLogin');
  return account;
}

/** The user signed in through the console session cookie, or null. */
export async function sessionUserOf(ctx: ServerContext, request: FastifyRequest): Promise<Rec | null> {
  const account = await accountOf(ctx, request);
  return account?.via === 'session' ? account.user : null;
}
