import type { Application, Envelope, User } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';

/**
 * What a sign-in (POST /api/login) produces, by its `type`: a console session (login), an OAuth
 * code or token, an approved device, a SAML response, a CAS ticket ... Each protocol declares its
 * types in its own module; auth/login.ts does the part they share (finding the application,
 * checking the password or the session, the organization rule, the session cookie).
 */
/** How the user of a sign-in was established. */
export interface SigninContext {
  /** The password was checked by this request (CAS: the ticket comes from primary credentials). */
  fresh: boolean;
  /** The console session the sign-in belongs to (opened by it, or the one that stood in), if any. */
  sessionToken?: string;
  /** When the user last proved who they are (seconds since the epoch): now, or when the session that stands in began. */
  authTime: number;
  /** How (RFC 8176 amr values: pwd, otp, sms, hwk, fed, mfa). */
  authMethods: string[];
}

export interface SigninType {
  /** The application the sign-in is for, read from the request (and validated). */
  application: (server: ServerContext, request: FastifyRequest) => Promise<Application>;
  /**
   * Whether a password sign-in of this type opens a console session (`user` is the signed-in user;
   * an OAuth sign-in that needs consent opens one for the consent screen).
   */
  opensSession: (app: Application, user: User, request: FastifyRequest) => boolean;
  /**
   * GET /api/get-app-login?type=<name>: checks the request of the protocol's sign-in page before
   * anyone signs in (an invalid one is shown on the page) and answers its application.
   */
  appLogin?: (server: ServerContext, request: FastifyRequest) => Promise<Application>;
  /** Users of other organizations may sign in (the console's own sign-in). */
  anyOrganization?: boolean;
  /** Produces the answer once `user` is signed in. */
  complete: (
    server: ServerContext,
    request: FastifyRequest,
    user: User,
    app: Application,
    signin: SigninContext,
  ) => Promise<Envelope>;
}

/**
 * What POST /api/login may produce, by `type`, on one server (ctx.services.signinTypes): each
 * protocol's types, registered by services.ts.
 */
export class SigninTypes {
  readonly #types = new Map<string, SigninType>();

  register(name: string, type: SigninType): void {
    this.#types.set(name, type);
  }

  get(name: string): SigninType | undefined {
    return this.#types.get(name);
  }
}

/**
 * Marks a sign-in request restored by the server (from an identity provider's state, or from the
 * first step of a multi-factor sign-in) whose user authenticates now without a password in it: a
 * protocol that asks for a fresh authentication (SAML ForceAuthn) accepts it as it accepts a password.
 */
export function markFreshSignin(request: FastifyRequest): void {
  request.freshSignin = true;
}

export function isFreshSignin(request: FastifyRequest): boolean {
  return request.freshSignin === true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of this sign-in authenticates now without a password in the request (markFreshSignin). */
    freshSignin?: boolean;
  }
}

declare module '../context.js' {
  interface ServerServices {
    /** The sign-in types of POST /api/login (auth/signin-types.ts). */
    readonly signinTypes: SigninTypes;
  }
}
