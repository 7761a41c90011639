import { nowRfc3339 } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { tokenHash } from '../../../domain/token.js';
import { assertGrantAllowed, authenticateClient, requireParam } from '../clients.js';
import { DEVICE_GRANT } from '../device.js';
import { invalidClient, invalidGrant, OAuthError } from '../errors.js';
import { issueForUser } from '../tokens.js';
import { activeUserOf } from '../users.js';

/** The device polls (RFC 8628 §3.4-3.5) until the user approved, then gets its tokens once. */
export async function deviceCodeGrant(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  issuer: string,
) {
  const deviceCode = requireParam(params, 'device_code');
  const { app, withSecret } = await authenticateClient(server, request, params, false);
  assertGrantAllowed(app, DEVICE_GRANT);
  const { db } = server.database;
  const hash = tokenHash(deviceCode);
  const row = await db.selectFrom('deviceAuth').selectAll().where('deviceCodeHash', '=', hash).executeTakeFirst();
  if (!row || row.clientId !== app.clientId) throw invalidGrant('Invalid device code');
  // A device code asked for with the client's secret is redeemed with it (a stolen code alone is not enough).
  if (row.clientAuthenticated && !withSecret)
    throw invalidClient('client_secret is required: the device code was issued with it');
  if (row.expiresTime <= nowRfc3339()) throw new OAuthError('expired_token', 'The device code has expired');
  if (row.state === 'denied') throw new OAuthError('access_denied', 'The user denied the request');
  if (row.state === 'pending') {
    const last = row.lastPollTime ? Date.parse(row.lastPollTime) : 0;
    await db.updateTable('deviceAuth').set({ lastPollTime: nowRfc3339() }).where('deviceCodeHash', '=', hash).execute();
    if (Date.now() - last < row.interval * 1000) throw new OAuthError('slow_down', 'Polling too often');
    throw new OAuthError('authorization_pending', 'The user has not approved the device yet');
  }
  // Approved: the device code is used up by this answer.
  const deleted = await db
    .deleteFrom('deviceAuth')
    .where('deviceCodeHash', '=', hash)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw invalidGrant('Invalid device code');
  const user = await activeUserOf(server, row.owner, row.name);
  return issueForUser(server, {
    issuer,
    app,
    user,
    scope: row.scope,
    authTime: Math.floor(Date.parse(row.authTime) / 1000) || Math.floor(Date.now() / 1000),
    authMethods: row.authMethods ? row.authMethods.split(' ') : [],
    clientAuthenticated: row.clientAuthenticated,
  });
}
