import { splitId } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { requireOwnSignin } from '../auth/account.js';
import { beginRegistration, finishRegistration } from '../auth/webauthn/registration.js';
import { beginSignin, finishSignin } from '../auth/webauthn/signin.js';
import type { ServerContext } from '../context.js';
import { removeWebauthnCredential } from '../domain/user-webauthn.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';

/**
 * Passkeys (WebAuthn), Casdoor's calls:
 *
 *   GET  /api/webauthn/signup/begin          options of a new passkey for the signed-in user ({publicKey}, no envelope)
 *   POST /api/webauthn/signup/finish         body: the browser's new credential; stores it on the user
 *   GET  /api/webauthn/signin/begin?owner=&name=   options of a sign-in ({publicKey}, no envelope); without name, any discoverable passkey
 *   POST /api/webauthn/signin/finish?responseType=&...   body: the assertion; answers as /api/login of that type
 *   POST /api/webauthn/delete-credential     credentialID (and id=owner/name, the caller's own by default): removes one
 *
 * The ceremonies are in auth/webauthn/; the credentials are written only by domain/user-webauthn.ts.
 */
export function registerWebauthnRoutes(app: FastifyInstance, server: ServerContext) {
  app.get('/api/webauthn/signup/begin', (request, reply) => beginRegistration(server, request, reply));
  app.post('/api/webauthn/signup/finish', (request, reply) => finishRegistration(server, request, reply));
  app.get('/api/webauthn/signin/begin', (request, reply) => beginSignin(server, request, reply));
  app.post('/api/webauthn/signin/finish', (request, reply) => finishSignin(server, request, reply));

  app.post('/api/webauthn/delete-credential', async (request) => {
    const { viewer } = await requireOwnSignin(server, request);
    const id = paramOf(request, 'id');
    const user = id ? splitId(id) : { owner: viewer.owner, name: viewer.name };
    if (!user) throw new AppError('badId', { id });
    const credentialId = paramOf(request, 'credentialID');
    if (!credentialId) throw new AppError('missingParameter', { name: 'credentialID' });
    await removeWebauthnCredential(server, viewer, user, credentialId);
    return ok();
  });
}
