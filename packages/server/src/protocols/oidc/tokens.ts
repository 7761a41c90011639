import { randomBytes } from 'node:crypto';
import { ADMIN_OWNER, type Application, nowRfc3339, type Token, type User } from '@gatehouse/entities';
import { SignJWT } from 'jose';
import type { ServerContext } from '../../context.js';
import { timeOrderedId } from '../../crypto/time-ordered-id.js';
import { releasedUserOf } from '../../domain/authorization/user-access.js';
import { tokenHash, tokens } from '../../domain/token.js';
import { accessTokenClaims, accessTokenHashClaim, idTokenClaims, refreshTokenClaims, type TokenContext } from './claims.js';
import { signingAlgOf, signingCertOf } from './keys.js';

/** Authorization codes live 5 minutes and are single use. */
export const CODE_LIFETIME_SECONDS = 300;

export interface IssueInput {
  issuer: string;
  app: Application;
  user: User | null;
  scope: string;
  nonce?: string;
  /** The refresh chain this token continues (refresh grant). */
  family?: string;
  authTime?: number;
  /** How the user proved who they are (RFC 8176 amr values). */
  authMethods?: readonly string[];
  /** The client proved it holds its secret: refreshing the grant will need the secret too. */
  clientAuthenticated?: boolean;
  /** Whether a refresh token is issued (the application allows the refresh grant). */
  withRefreshToken: boolean;
}

export interface IssuedToken {
  row: Token;
  accessToken: string;
  /** The ID token of a user's grant ('' for the application's own tokens). */
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Signs an access token, the user's ID token and a refresh token with the application's cert. */
async function signTokens(server: ServerContext, input: IssueInput, name: string) {
  const { app } = input;
  // From here on the user is what a relying party may learn of them (an allow-list).
  const user = input.user ? await releasedUserOf(server, input.user) : null;
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = Math.max(1, app.expireInHours) * 3600;
  const refreshExpiresIn = Math.max(1, app.refreshExpireInHours) * 3600;
  const ctx: TokenContext = {
    issuer: input.issuer,
    app,
    user,
    scope: input.scope,
    nonce: input.nonce ?? '',
    jti: `${ADMIN_OWNER}/${name}`,
    issuedAt: now,
    expiresAt: now + expiresIn,
    authTime: input.authTime,
    authMethods: input.authMethods ?? [],
  };
  const cert = await signingCertOf(server, app);
  const alg = signingAlgOf(app);
  const key = await server.services.signingKeys.privateKeyFor(app, cert, alg);
  const header = { alg, typ: 'JWT', kid: cert.name };
  const accessToken = await new SignJWT(accessTokenClaims(ctx)).setProtectedHeader(header).sign(key);
  const idToken = user
    ? await new SignJWT(idTokenClaims(ctx, user, accessTokenHashClaim(accessToken, alg))).setProtectedHeader(header).sign(key)
    : '';
  const refreshToken = input.withRefreshToken
    ? await new SignJWT(refreshTokenClaims(ctx, now + refreshExpiresIn)).setProtectedHeader(header).sign(key)
    : '';
  const fields = {
    createdTime: nowRfc3339(new Date(now * 1000)),
    accessToken,
    expiresIn,
    accessTokenHash: tokenHash(accessToken),
    refreshTokenHash: refreshToken ? tokenHash(refreshToken) : '',
    refreshExpireTime: refreshToken ? nowRfc3339(new Date((now + refreshExpiresIn) * 1000)) : '',
  };
  return { accessToken, idToken, refreshToken, expiresIn, fields };
}

function baseRow(input: IssueInput, name: string) {
  return {
    owner: ADMIN_OWNER,
    name,
    createdTime: nowRfc3339(),
    application: input.app.name,
    organization: input.app.organization,
    user: input.user ? input.user.name : '',
    code: '',
    accessToken: '',
    expiresIn: 0,
    scope: input.scope,
    tokenType: 'Bearer',
    accessTokenHash: '',
    refreshTokenHash: '',
    refreshExpireTime: '',
    codeChallenge: '',
    codeExpireTime: '',
    codeIsUsed: false,
    redirectUri: '',
    nonce: input.nonce ?? '',
    family: input.family ?? name,
    isRotated: false,
    isRevoked: false,
    authTime: input.authTime ?? 0,
    authMethods: (input.authMethods ?? []).join(' '),
    clientAuthenticated: input.clientAuthenticated ?? false,
  };
}

/** Signs tokens and records the Token row (implicit, password, client credentials, refresh, device). */
export async function issueToken(server: ServerContext, input: IssueInput): Promise<IssuedToken> {
  const name = timeOrderedId();
  const signed = await signTokens(server, input, name);
  const row = await tokens.create(server, 'system', { ...baseRow(input, name), ...signed.fields }, { newKey: true });
  return {
    row,
    accessToken: signed.accessToken,
    idToken: signed.idToken,
    refreshToken: signed.refreshToken,
    expiresIn: signed.expiresIn,
  };
}

/**
 * Records an authorization code (single use, 5 minutes). Its tokens are signed when the code is
 * redeemed, so nothing usable exists before that.
 */
export async function issueCode(
  server: ServerContext,
  input: Omit<IssueInput, 'withRefreshToken'> & { challenge: string; redirectUri: string },
): Promise<string> {
  const name = timeOrderedId();
  const code = randomBytes(24).toString('base64url');
  await tokens.create(
    server,
    'system',
    {
      ...baseRow({ ...input, withRefreshToken: false }, name),
      code,
      codeChallenge: input.challenge,
      codeExpireTime: nowRfc3339(new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000)),
      redirectUri: input.redirectUri,
    },
    { newKey: true },
  );
  return code;
}

/** Signs the tokens of a redeemed code into its row. */
export async function redeemCode(server: ServerContext, row: Token, input: IssueInput): Promise<IssuedToken> {
  const signed = await signTokens(server, input, row.name);
  const redeemed = await tokens.update(server, 'system', row, {
    ...signed.fields,
    clientAuthenticated: input.clientAuthenticated ?? false,
  });
  return {
    row: redeemed,
    accessToken: signed.accessToken,
    idToken: signed.idToken,
    refreshToken: signed.refreshToken,
    expiresIn: signed.expiresIn,
  };
}

/**
 * The token response of the token endpoint. A user's grant answers an ID token of its own (Casdoor
 * answers the access token again as id_token; docs/casdoor-compatibility.md), the application's
 * own tokens none.
 */
export function tokenResponse(issued: {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}) {
  const out: Record<string, string | number> = {
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    scope: issued.scope,
  };
  if (issued.idToken) out.id_token = issued.idToken;
  if (issued.refreshToken) out.refresh_token = issued.refreshToken;
  return out;
}

/**
 * The token response for a user who proved who they are for this grant (password and device
 * grants): a fresh token family, refreshable when the app allows.
 */
export async function issueForUser(
  server: ServerContext,
  input: {
    issuer: string;
    app: Application;
    user: User;
    scope: string;
    authTime: number;
    authMethods: readonly string[];
    clientAuthenticated: boolean;
  },
) {
  const { app, scope } = input;
  const issued = await issueToken(server, { ...input, withRefreshToken: app.grantTypes.includes('refresh_token') });
  return tokenResponse({ ...issued, scope });
}
