import { randomBytes, randomInt } from 'node:crypto';
import { nowRfc3339, type User } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { applicationByClientId } from '../../domain/application.js';
import { tokenHash } from '../../domain/token.js';
import { AppError } from '../../errors.js';
import { oauthParams } from '../../http/credentials.js';
import { assertGrantAllowed, authenticateClient } from './clients.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** Device codes live 10 minutes; devices poll at most every 5 seconds. */
export const DEVICE_CODE_SECONDS = 600;
export const DEVICE_POLL_INTERVAL = 5;
// No vowels (no words), no look-alikes (RFC 8628 §6.1).
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person types: case, spaces and dashes do not matter. */
export function normalizeUserCode(input: string): string {
  const letters = input.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}

/** POST /api/device-auth: starts a device authorization (RFC 8628 §3.1-3.2). */
export async function startDeviceAuthorization(server: ServerContext, request: FastifyRequest, origin: string) {
  const params = oauthParams(request);
  const { app, withSecret } = await authenticateClient(server, request, params, false);
  assertGrantAllowed(app, DEVICE_GRANT);
  const deviceCode = randomBytes(32).toString('base64url');
  const userCode = newUserCode();
  const now = Date.now();
  await server.database.db
    .insertInto('deviceAuth')
    .values({
      deviceCodeHash: tokenHash(deviceCode),
      userCode,
      clientId: app.clientId,
      scope: params.scope ?? '',
      createdTime: nowRfc3339(new Date(now)),
      expiresTime: nowRfc3339(new Date(now + DEVICE_CODE_SECONDS * 1000)),
      interval: DEVICE_POLL_INTERVAL,
      lastPollTime: '',
      state: 'pending',
      owner: '',
      name: '',
      clientAuthenticated: withSecret,
      authTime: '',
      authMethods: '',
    })
    .execute();
  const verification = `${origin}/login/oauth/device/${userCode}`;
  return {
    device_code: deviceCode,
    user_code: userCode,
    verification_uri: verification,
    verification_uri_complete: verification,
    expires_in: DEVICE_CODE_SECONDS,
    interval: DEVICE_POLL_INTERVAL,
  };
}

/** The pending authorization of a user code, or the refusal a person should read. */
export async function pendingDeviceAuthorization(server: ServerContext, userCode: string): Promise<DB['deviceAuth']> {
  const row = await server.database.db
    .selectFrom('deviceAuth')
    .selectAll()
    .where('userCode', '=', normalizeUserCode(userCode))
    .executeTakeFirst();
  if (row?.state !== 'pending' || row.expiresTime <= nowRfc3339()) throw new AppError('deviceCodeInvalid');
  return row;
}

/**
 * The signed-in user approves a device (POST /api/login with type=device); `signin` says when and
 * how they proved who they are (the device's ID token carries it).
 */
export async function approveDevice(
  server: ServerContext,
  userCode: string,
  user: User,
  signin: { authTime: number; authMethods: readonly string[] },
): Promise<void> {
  const row = await pendingDeviceAuthorization(server, userCode);
  const app = await applicationByClientId(server, row.clientId);
  if (!app || app.organization !== user.owner) throw new AppError('userNotInApplication', { application: app?.name ?? '' });
  await server.database.db
    .updateTable('deviceAuth')
    .set({
      state: 'approved',
      owner: user.owner,
      name: user.name,
      authTime: nowRfc3339(new Date(signin.authTime * 1000)),
      authMethods: signin.authMethods.join(' '),
    })
    .where('deviceCodeHash', '=', row.deviceCodeHash)
    .where('state', '=', 'pending')
    .execute();
}
