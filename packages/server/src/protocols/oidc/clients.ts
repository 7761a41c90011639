import type { Application } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { sameSecret } from '../../crypto/secrets.js';
import { applicationByClientId } from '../../domain/application.js';
import { basicCredentials } from '../../http/credentials.js';
import { noteRecordSubject } from '../../http/record-subject.js';
import { invalidClient, invalidRequest, OAuthError } from './errors.js';

export interface AuthenticatedClient {
  app: Application;
  /** The client proved it holds the secret (a confidential client). */
  withSecret: boolean;
}

/**
 * Identifies the calling client: client_id + client_secret in the parameters (query, form or JSON),
 * else HTTP Basic. A secret that is sent must be right; `secretRequired` refuses callers that
 * send none.
 */
export async function authenticateClient(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  secretRequired: boolean,
): Promise<AuthenticatedClient> {
  let clientId = params.client_id ?? '';
  let clientSecret = params.client_secret;
  if (!clientId && clientSecret === undefined) {
    const basic = basicCredentials(request);
    if (basic) ({ clientId, clientSecret } = basic);
  } else if (clientSecret === undefined) {
    const basic = basicCredentials(request);
    if (basic && basic.clientId === clientId) clientSecret = basic.clientSecret;
  }
  if (!clientId) throw invalidClient('client_id is missing');
  const app = await applicationByClientId(server, clientId);
  if (!app) throw invalidClient('Invalid client_id');
  noteRecordSubject(request, { organization: app.organization, user: '' });
  if (clientSecret !== undefined && clientSecret !== '') {
    if (!sameSecret(clientSecret, app.clientSecret)) throw invalidClient('Invalid client_secret');
    return { app, withSecret: true };
  }
  if (secretRequired) throw invalidClient('client_secret is missing');
  return { app, withSecret: false };
}

/** Redirect URIs match exactly: no prefixes, patterns or normalisation. */
export function redirectUriAllowed(app: Application, uri: string): boolean {
  return uri !== '' && app.redirectUris.includes(uri);
}

/** authorization_code is always allowed; every other grant must be listed by the application. */
export function assertGrantAllowed(app: Application, grant: string): void {
  if (grant === 'authorization_code') return;
  if (!app.grantTypes.includes(grant)) {
    throw new OAuthError('unauthorized_client', `The grant type "${grant}" is not enabled for the application "${app.name}"`);
  }
}

export function requireParam(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (!value) throw invalidRequest(`${name} is missing`);
  return value;
}
