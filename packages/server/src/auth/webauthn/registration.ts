import { ADMIN_OWNER, organization as organizationDef } from '@gatehouse/entities';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { addWebauthnCredential } from '../../domain/user-webauthn.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { sessionUserOf } from '../account.js';
import { CEREMONY_TIMEOUT_MS, newChallenge, storeChallenge, takeChallenge } from './challenges.js';
import { relyingPartyOf } from './relying-party.js';
import { descriptorsOf, registrationResponseOf, storedCredentialOf } from './wire.js';

/**
 * The signed-in user, signed in through the console: a passkey is registered only by the user
 * themself, in their browser; an access token an application holds may not add a way
 * into the account.
 */
async function registeringUser(server: ServerContext, request: FastifyRequest) {
  const user = await sessionUserOf(server, request);
  if (!user) throw new AppError('pleaseLogin');
  return user;
}

/**
 * GET /api/webauthn/signup/begin: the options of a new passkey for the signed-in user, Casdoor's
 * answer (go-webauthn's CredentialCreation `{publicKey}`, not the envelope): the user handle is the
 * user's id, the credentials already registered are excluded, a discoverable credential is
 * preferred and no attestation is asked for.
 */
export async function beginRegistration(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const user = await registeringUser(server, request);
  const rp = relyingPartyOf(server.config, request);
  const org = await server.repo(organizationDef).get(ADMIN_OWNER, user.owner);
  const options = await generateRegistrationOptions({
    rpName: org?.displayName || rp.id,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.displayName || user.name,
    userID: new TextEncoder().encode(user.id),
    challenge: newChallenge(),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: descriptorsOf(user.webauthnCredentials),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    extensions: { credProps: true },
  });
  await storeChallenge(server, request, reply, 'registration', options.challenge, user);
  return { publicKey: options };
}

/**
 * POST /api/webauthn/signup/finish: checks the new credential against the challenge this browser
 * was given for this user (origin, RP ID, attestation 'none' or a verifiable one) and stores its
 * public key on the user.
 */
export async function finishRegistration(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const user = await registeringUser(server, request);
  const pending = await takeChallenge(server, request, reply, 'registration');
  if (pending.owner !== user.owner || pending.name !== user.name) throw new AppError('webauthnChallengeMissing');
  const response = registrationResponseOf(request.body);
  const rp = relyingPartyOf(server.config, request);
  let detail = 'the response does not match the request';
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    detail = error instanceof Error ? error.message : String(error);
    return null;
  });
  if (!verified?.verified) throw new AppError('webauthnRegistrationFailed', { detail });
  await addWebauthnCredential(server, user, storedCredentialOf(verified.registrationInfo, response));
  return ok();
}
