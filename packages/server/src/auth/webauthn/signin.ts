import { isWebAuthnSigninEnabled, type User, user as userDef, type WebauthnCredential } from '@gatehouse/entities';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { hasCredentialId, recordWebauthnSignin } from '../../domain/user-webauthn.js';
import { AppError } from '../../errors.js';
import { queryOf, queryParam } from '../../http/params.js';
import { requestWith } from '../../http/request-state.js';
import { clearFailures, failureKey, findSigninUser, lockoutOf, readFailures } from '../credentials.js';
import { completeSignin } from '../login.js';
import { CEREMONY_TIMEOUT_MS, newChallenge, type PendingCeremony, storeChallenge, takeChallenge } from './challenges.js';
import { relyingPartyOf } from './relying-party.js';
import { authenticationResponseOf, descriptorsOf, userHandleOf, verifiableCredentialOf } from './wire.js';

/**
 * GET /api/webauthn/signin/begin?owner=&name=: the options of a passkey sign-in, Casdoor's answer
 * (go-webauthn's CredentialAssertion `{publicKey}`, not the envelope). With a name (or e-mail
 * address or phone number) of the organization `owner`, the sign-in is for that user and offers
 * their credentials; without one any discoverable passkey may answer (the user comes from it).
 */
export async function beginSignin(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const rp = relyingPartyOf(server.config, request);
  const owner = queryParam(request, 'owner');
  const login = queryParam(request, 'name');
  let user: User | null = null;
  if (login) {
    user = (await findSigninUser(server, owner, login)) ?? null;
    if (!user) throw new AppError('userNotExist', { id: `${owner}/${login}` });
    if (user.webauthnCredentials.length === 0) throw new AppError('webauthnNoCredentials');
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    ...(user ? { allowCredentials: descriptorsOf(user.webauthnCredentials) } : {}),
    challenge: newChallenge(),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  });
  await storeChallenge(server, request, reply, 'authentication', options.challenge, user);
  return { publicKey: options };
}

/**
 * The sign-in request the finish call continues, as /api/login would get it: Casdoor's page puts
 * the type in `responseType` and an authorization request's parameters beside it in the query
 * (the body is the assertion); it names the PKCE method `challengeMethod`.
 */
function signinRequestOf(request: FastifyRequest): { typeName: string; request: FastifyRequest } {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(queryOf(request))) if (typeof value === 'string') query[key] = value;
  const typeName = query.responseType || query.type || 'login';
  if (query.challengeMethod && !query.codeChallengeMethod) query.codeChallengeMethod = query.challengeMethod;
  return { typeName, request: requestWith(request, { ...query, type: typeName }, {}) };
}

/**
 * Whose passkey answered: the user the challenge was issued for, else the user the authenticator's
 * user handle names (the user's id; Casdoor's owner/name for passkeys registered there).
 */
async function signinUserOf(server: ServerContext, pending: PendingCeremony, handle: string): Promise<User | undefined> {
  const users = server.repo(userDef);
  let user: User | undefined;
  if (pending.name) user = await users.get(pending.owner, pending.name);
  else if (handle.includes('/')) {
    const [owner = '', name = ''] = handle.split('/');
    user = await users.get(owner, name);
  } else if (handle) user = await users.findBy('id', handle);
  return user && !user.isDeleted ? user : undefined;
}

/**
 * POST /api/webauthn/signin/finish: checks the assertion against the challenge this browser was
 * given (origin, RP ID, the stored public key, a growing signature counter), under the same rules
 * as a password sign-in of the application (its WebAuthn sign-in method, the lockout, a forbidden
 * user, the organization and IP whitelists), then answers as /api/login of that type does: a
 * console session, an authorization code or token, a SAML response, a CAS ticket.
 */
export async function finishSignin(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const pending = await takeChallenge(server, request, reply, 'authentication');
  const response = authenticationResponseOf(request.body);
  const rp = relyingPartyOf(server.config, request);
  const signin = signinRequestOf(request);
  const type = server.services.signinTypes.get(signin.typeName);
  if (!type) throw new AppError('loginTypeUnsupported', { type: signin.typeName });
  const app = await type.application(server, signin.request);
  if (!isWebAuthnSigninEnabled(app)) throw new AppError('webauthnSigninDisabled');

  const user = await signinUserOf(server, pending, userHandleOf(response));
  const credential: WebauthnCredential | undefined = user?.webauthnCredentials.find((c) => hasCredentialId(c, response.id));
  if (!user || !credential) throw new AppError('webauthnUnknownCredential');
  const lockout = lockoutOf(app);
  const failures = await readFailures(server, failureKey(user.owner, user, user.name), lockout);
  let detail = 'the response does not match the request';
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: verifiableCredentialOf(credential),
    requireUserVerification: false,
  }).catch((error: unknown) => {
    detail = error instanceof Error ? error.message : String(error);
    return null;
  });
  if (!verified?.verified) throw new AppError('webauthnSigninFailed', { detail });
  if (user.isForbidden) throw new AppError('userForbidden');
  await recordWebauthnSignin(server, user, credential.id, verified.authenticationInfo.newCounter);
  await clearFailures(server, failures);
  // A verified passkey is both factors at once (as in Casdoor): no second step is asked.
  return completeSignin(server, signin.request, reply, type, app, user, {
    fresh: true,
    secondFactorDone: true,
    authMethods: ['hwk'],
  });
}
