import { createHash } from 'node:crypto';
import type { Application, ReleasedUser } from '@gatehouse/entities';
import { parseScopes } from './params.js';

/** A JWT's claims (a JSON object). */
export type Claims = Record<string, unknown>;

/**
 * The claims of Gatehouse's JWTs, per the application's token format (Casdoor's shapes, so its
 * SDKs parse them): JWT carries the user's released profile, JWT-Empty a short user, JWT-Custom the
 * registered claims plus the chosen user fields, JWT-Standard OpenID Connect's standard names. The
 * user is always a `ReleasedUser` (entities/released-user.ts, an allow-list): nothing here can
 * reach a credential or a secret of the account.
 */

export interface TokenContext {
  issuer: string;
  app: Application;
  /** null for client-credentials tokens (the application itself). */
  user: ReleasedUser | null;
  scope: string;
  nonce: string;
  /** `jti` of the access token: admin/<token name>. */
  jti: string;
  issuedAt: number;
  expiresAt: number;
  /** When the user last proved who they are (seconds since the epoch). */
  authTime?: number;
  /** How (RFC 8176 amr values). */
  authMethods: readonly string[];
}

/**
 * The user as the default JWT format carries them (Casdoor's token user): the released profile,
 * `emailVerified` under OpenID Connect's name, and the lists Casdoor applications read.
 */
export function tokenUser(user: ReleasedUser): Claims {
  const { emailVerified, ...released } = user;
  return { ...released, email_verified: emailVerified };
}

function registered(ctx: TokenContext, subject: string): Claims {
  return {
    iss: ctx.issuer,
    sub: subject,
    aud: [ctx.app.clientId],
    exp: ctx.expiresAt,
    nbf: ctx.issuedAt,
    iat: ctx.issuedAt,
    jti: ctx.jti,
  };
}

function common(ctx: TokenContext): Claims {
  const out: Claims = { tokenType: 'access-token', scope: ctx.scope, azp: ctx.app.clientId };
  if (ctx.nonce) out.nonce = ctx.nonce;
  if (ctx.authTime) out.auth_time = ctx.authTime;
  return out;
}

function scopes(scope: string): Set<string> {
  return new Set(parseScopes(scope));
}

/** OpenID Connect standard claims of a user for the granted scopes (also the userinfo answer). */
export function standardClaims(user: ReleasedUser, scope: string): Claims {
  const granted = scopes(scope);
  const out: Claims = { owner: user.owner, id: user.id };
  if (granted.has('profile') || granted.has('openid')) {
    out.preferred_username = user.name;
    if (user.displayName) out.name = user.displayName;
    if (user.avatar) out.picture = user.avatar;
    if (user.firstName) out.given_name = user.firstName;
    if (user.lastName) out.family_name = user.lastName;
    if (user.gender) out.gender = user.gender;
    if (user.birthday) out.birthdate = user.birthday;
    if (user.language) out.locale = user.language;
    if (user.homepage) out.website = user.homepage;
  }
  if (granted.has('email') && user.email) {
    out.email = user.email;
    out.email_verified = user.emailVerified;
  }
  if (granted.has('phone') && user.phone) out.phone_number = user.phone;
  if (granted.has('address') && user.address.length > 0) out.address = { formatted: user.address.join('\n') };
  return out;
}

/**
 * The userinfo answer's claims (OpenID Connect Core §5.3) as Casdoor answers them: the standard
 * claims of the scopes, and with `profile` the user's groups and the names of their roles and
 * permissions (Casdoor's GetUserInfo).
 */
export function userinfoClaims(user: ReleasedUser, scope: string): Claims {
  const out = standardClaims(user, scope);
  if (scopes(scope).has('profile')) {
    out.groups = user.groups;
    out.roles = user.roles.map((role) => role.name);
    out.permissions = user.permissions.map((permission) => permission.name);
  }
  return out;
}

/** The user claims of a token format (what both the access token and the ID token say of the user). */
function userClaims(app: Application, user: ReleasedUser, scope: string): Claims {
  switch (app.tokenFormat) {
    case 'JWT-Empty':
      return {
        owner: user.owner,
        name: user.name,
        id: user.id,
        displayName: user.displayName,
        avatar: user.avatar,
        email: user.email,
        email_verified: user.emailVerified,
        phone: user.phone,
      };
    case 'JWT-Custom': {
      const out: Claims = {};
      const carried = tokenUser(user);
      for (const field of app.tokenFields) {
        // Casdoor's Roles, Permissions and permissionNames carry names, not records.
        if (field === 'roles') out.roles = user.roles.map((role) => role.name);
        else if (field === 'permissions' || field === 'permissionNames') {
          out[field] = user.permissions.map((permission) => permission.name);
        } else {
          const key = field === 'emailVerified' ? 'email_verified' : field;
          if (key in carried) out[key] = carried[key];
        }
      }
      return out;
    }
    case 'JWT-Standard':
      return standardClaims(user, scope);
    default:
      return { ...tokenUser(user), tag: user.tag };
  }
}

/**
 * The access token's claims: what Casdoor applications read (the user of the token format, its
 * scope, nonce and auth_time). It is a bearer credential for the API and userinfo; the ID token is
 * another token (idTokenClaims).
 */
export function accessTokenClaims(ctx: TokenContext): Claims {
  const { app, user } = ctx;
  if (!user) {
    // The application itself (client credentials).
    return { ...registered(ctx, app.clientId), ...common(ctx), owner: app.owner, name: app.name };
  }
  const out = { ...userClaims(app, user, ctx.scope), ...common(ctx), ...registered(ctx, user.id) };
  // JWT-Custom always says which request it answers (Casdoor's getClaimsCustom).
  if (app.tokenFormat === 'JWT-Custom') out.nonce = ctx.nonce;
  return out;
}

/** The hash algorithm of a JWS algorithm (RS256 → SHA-256 ...), for at_hash (OpenID Connect Core §3.1.3.6). */
function hashOfAlg(alg: string): string {
  if (alg.endsWith('512')) return 'sha512';
  if (alg.endsWith('384')) return 'sha384';
  return 'sha256';
}

/** at_hash: the left half of the access token's hash under the ID token's algorithm, base64url. */
export function accessTokenHashClaim(accessToken: string, alg: string): string {
  const digest = createHash(hashOfAlg(alg)).update(accessToken, 'ascii').digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/**
 * The acr of a sign-in: "2" when the user proved who they are with two factors (or a passkey,
 * which is both), "1" with one. Clients that ask for assurance compare it (acr_values).
 */
export function acrOf(authMethods: readonly string[]): string {
  return authMethods.includes('mfa') || authMethods.includes('hwk') ? '2' : '1';
}

/**
 * The ID token (OpenID Connect Core §2): who the user is, for the client alone (aud is its client
 * id), with when and how they signed in (auth_time, acr, amr), the request's nonce, and at_hash
 * binding it to the access token issued with it. The user claims are those of the application's
 * token format, so that an application that reads Casdoor's id_token keeps reading them. It is
 * never a bearer credential: it is not stored, so userinfo and the API refuse it.
 */
export function idTokenClaims(ctx: TokenContext, user: ReleasedUser, atHash: string): Claims {
  const { app } = ctx;
  const out: Claims = {
    ...userClaims(app, user, ctx.scope),
    iss: ctx.issuer,
    sub: user.id,
    aud: app.clientId,
    exp: ctx.expiresAt,
    iat: ctx.issuedAt,
    azp: app.clientId,
    // The access token's jti with a mark: RP-initiated logout finds the grant of an id_token_hint by it.
    jti: `${ctx.jti}${ID_TOKEN_JTI_SUFFIX}`,
    tokenType: 'id-token',
    acr: acrOf(ctx.authMethods),
  };
  if (ctx.authTime) out.auth_time = ctx.authTime;
  if (ctx.authMethods.length > 0) out.amr = [...ctx.authMethods];
  if (ctx.nonce) out.nonce = ctx.nonce;
  if (atHash) out.at_hash = atHash;
  return out;
}

/** What an ID token's jti adds to the jti of the access token issued with it. */
export const ID_TOKEN_JTI_SUFFIX = '#id_token';

/** Refresh tokens carry no user data: only what validating and rotating them needs. */
export function refreshTokenClaims(ctx: TokenContext, refreshExpiresAt: number): Claims {
  const subject = ctx.user ? ctx.user.id : ctx.app.clientId;
  return {
    ...registered(ctx, subject),
    exp: refreshExpiresAt,
    tokenType: 'refresh-token',
    scope: ctx.scope,
    azp: ctx.app.clientId,
  };
}
