import {
  type Application,
  BUILT_IN_APPLICATION,
  BUILT_IN_ORG,
  levelOf,
  type User,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { sameSecret } from '../crypto/secrets.js';
import { applicationByClientId, applicationByName } from '../domain/application.js';
import { accessTokenActive, findToken } from '../domain/token.js';
import { AppError } from '../errors.js';
import { basicCredentials, bearerToken } from '../http/credentials.js';
import { queryParam } from '../http/params.js';
import { findSession, SESSION_COOKIE } from './session.js';

/**
 * The caller of a request: the viewer the access rules see, and how it proved who it is — a
 * console session, an access token, an application's client credentials (machine clients such
 * as Casdoor's SDKs, which send HTTP Basic clientId:clientSecret on every call), or a user's API key
 * pair (accessKey + accessSecret in the query, POST /api/add-user-keys).
 */
export interface Account {
  viewer: Viewer;
  via: 'session' | 'token' | 'application' | 'key';
  /** The user behind the caller; null for an application acting as itself. */
  user: User | null;
  /** The session token when the caller signed in through the console. */
  sessionToken?: string;
  /** When the session's user proved who they are (seconds since the epoch), and how (amr values). */
  authTime?: number;
  authMethods?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, once resolved (accountOf). */
    callerAccount?: Promise<Account | null>;
  }
}

/** Resolves (once per request) who is calling; null for anonymous callers. */
export function accountOf(ctx: ServerContext, request: FastifyRequest): Promise<Account | null> {
  request.callerAccount ??= resolve(ctx, request);
  return request.callerAccount;
}

/**
 * The caller as far as the request has resolved it already, without a lookup of its own (for work
 * after the answer, such as the audit record); undefined when nothing asked who is calling.
 */
export function resolvedAccountOf(request: FastifyRequest): Promise<Account | null> | undefined {
  return request.callerAccount;
}

function userViewer(user: User, delegatedTo?: string): Viewer {
  const viewer: Viewer = { owner: user.owner, name: user.name, level: levelOf(user) };
  return delegatedTo ? { ...viewer, delegatedTo } : viewer;
}

/** How an application acting as itself is named in its Viewer (user names hold no "/"). */
const APPLICATION_PREFIX = 'app/';

/** The application acting as itself that `viewer` is, or undefined for a user. */
export function callingApplicationOf(viewer: Viewer): string | undefined {
  return viewer.name.startsWith(APPLICATION_PREFIX) ? viewer.name.slice(APPLICATION_PREFIX.length) : undefined;
}

/**
 * An application acting as itself administers its own organization (all of them for applications
 * of the built-in organization). Casdoor makes every application a global administrator; holding
 * one application's secret should not open every organization.
 */
function applicationViewer(app: Application): Viewer {
  return {
    owner: app.organization,
    name: `${APPLICATION_PREFIX}${app.name}`,
    level: app.organization === BUILT_IN_ORG ? 'globalAdmin' : 'orgAdmin',
  };
}

async function activeUser(ctx: ServerContext, owner: string, name: string): Promise<User | null> {
  const user = await ctx.repo(userDef).get(owner, name);
  return user && !user.isForbidden && !user.isDeleted ? user : null;
}

async function resolve(ctx: ServerContext, request: FastifyRequest): Promise<Account | null> {
  const sessionToken = request.cookies?.[SESSION_COOKIE];
  if (sessionToken) {
    const session = await findSession(ctx.database, sessionToken);
    const user = session ? await activeUser(ctx, session.owner, session.name) : null;
    if (user && session)
      return {
        viewer: userViewer(user),
        via: 'session',
        user,
        sessionToken,
        authTime: Math.floor(Date.parse(session.createdTime) / 1000),
        authMethods: session.authMethods ? session.authMethods.split(' ') : [],
      };
  }

  const bearer = bearerToken(request);
  if (bearer) {
    const row = await findToken(ctx, 'accessTokenHash', bearer);
    if (!row || !accessTokenActive(row)) return null;
    if (row.user) {
      const user = await activeUser(ctx, row.organization, row.user);
      // A token issued to another application than the console's acts for its user, but never on
      // the user's credentials or security settings (Viewer.delegatedTo).
      const delegatedTo = row.application === BUILT_IN_APPLICATION ? undefined : row.application;
      return user ? { viewer: userViewer(user, delegatedTo), via: 'token', user } : null;
    }
    const app = await applicationByName(ctx, row.application);
    return app ? { viewer: applicationViewer(app), via: 'token', user: null } : null;
  }

  const accessKey = queryParam(request, 'accessKey');
  if (accessKey) {
    const [row] = await ctx.database.db
      .selectFrom('user')
      .select(['owner', 'name', 'accessSecret'])
      .where('accessKey', '=', accessKey)
      .execute();
    const matches = row && sameSecret(queryParam(request, 'accessSecret'), row.accessSecret);
    const user = matches ? await activeUser(ctx, row.owner, row.name) : null;
    if (!user) throw new AppError('unauthorized');
    return { viewer: userViewer(user), via: 'key', user };
  }

  // Client credentials: Basic (a wrong one is ignored: it may belong to a proxy in front), or
  // clientId + clientSecret in the query (a wrong one is refused).
  const clientId = queryParam(request, 'clientId');
  const clientSecret = queryParam(request, 'clientSecret');
  const fromQuery = clientId && clientSecret ? { clientId, clientSecret } : null;
  const credentials = fromQuery ?? basicCredentials(request);
  if (credentials) {
    const app = await applicationByClientId(ctx, credentials.clientId);
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

/**
 * The caller of a call on credentials or security settings (API keys, password, MFA, passkeys,
 * e-mail and phone, linked sign-in accounts): refused with delegatedTokenRefused when it acts
 * through a token issued to another application than the console's (Viewer.delegatedTo).
 */
export async function requireOwnSignin(ctx: ServerContext, request: FastifyRequest): Promise<Account> {
  const account = await requireAccount(ctx, request);
  const application = account.viewer.delegatedTo;
  if (application) throw new AppError('delegatedTokenRefused', { application });
  return account;
}

/** The user signed in through the console session cookie, or null. */
export async function sessionUserOf(ctx: ServerContext, request: FastifyRequest): Promise<User | null> {
  const account = await accountOf(ctx, request);
  return account?.via === 'session' ? account.user : null;
}
