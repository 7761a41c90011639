import { type Application, releasedUser, type User } from '@gatehouse/entities';
import { parseScopes } from './params.js';

/** A JWT's claims (a JSON object). */
export type Claims = Record<string, unknown>;

/**
 * The claims of Gatehouse's JWTs, per the application's token format (Casdoor's shapes, so its
 * SDKs parse them): JWT carries the whole user without secrets, JWT-Empty a short user, JWT-Custom
 * the registered claims plus the chosen user fields, JWT-Standard OpenID Connect's standard names.
 */

export interface TokenContext {
  issuer: string;
  app: Application;
  /** null for client-credentials tokens (the application itself). */
  user: User | null;
  scope: string;
  nonce: string;
  /** `jti` of the token: admin/<token name>. */
  jti: string;
  issuedAt: number;
  expiresAt: number;
  authTime?: number;
}

/**
 * The user as the default JWT format carries them (Casdoor's token user): the released fields
 * (`releasedUser`, an allow-list), `emailVerified` under OpenID Connect's name, and the lists
 * Casdoor applications read.
 */
export function tokenUser(user: User): Claims {
  const { emailVerified, ...released } = releasedUser(user);
  return { ...released, email_verified: emailVerified, roles: [], permissions: [] };
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
export function standardClaims(user: User, scope: string): Claims {
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

/** The access token's claims (Gatehouse also answers it as the id_token, as Casdoor does). */
export function accessTokenClaims(ctx: TokenContext): Claims {
  const { app, user } = ctx;
  if (!user) {
    // The application itself (client credentials).
    return { ...registered(ctx, app.clientId), ...common(ctx), owner: app.owner, name: app.name };
  }
  const sub = user.id;
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
        ...common(ctx),
        ...registered(ctx, sub),
      };
    case 'JWT-Custom': {
      const out: Claims = { ...registered(ctx, sub), ...common(ctx), nonce: ctx.nonce };
      const carried = tokenUser(user);
      for (const field of app.tokenFields) {
        const key = field === 'emailVerified' ? 'email_verified' : field;
        if (key in carried) out[key] = carried[key];
      }
      return out;
    }
    case 'JWT-Standard':
      return { ...standardClaims(user, ctx.scope), ...common(ctx), ...registered(ctx, sub) };
    default:
      return { ...tokenUser(user), tag: user.tag, ...common(ctx), ...registered(ctx, sub) };
  }
}

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
