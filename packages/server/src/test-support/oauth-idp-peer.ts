import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTextServer } from './messaging-peers.js';

/**
 * A loopback OAuth 2.0 identity provider for tests, strict about what it is sent: its
 * authorization page approves at once (302 to redirect_uri with a code and the state) for the
 * client it knows; its token endpoint takes a code once, for the same redirect URI, with the
 * client's credentials and grant_type=authorization_code (any mistake answers the OAuth error,
 * as a real provider does); its API answers the documents of the person behind the token.
 */

export interface IdpPeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export interface IdpPeerOptions {
  clientId: string;
  clientSecret: string;
  authorizePath: string;
  tokenPath: string;
  /** GitHub's habit: errors of the token endpoint come with HTTP 200. */
  errorsWithStatus200?: boolean;
}

export interface IdpPeer {
  url: string;
  requests: IdpPeerRequest[];
  /** The documents (by path) of whoever approves next on the authorization page. */
  nextPerson: Record<string, unknown>;
  /** Issues a code as the authorization page would, for `documents` and `redirectUri`. */
  issueCode: (documents: Record<string, unknown>, redirectUri: string) => string;
  /** Answers nothing to the next `count` requests (time-out tests). */
  hang: (count: number) => void;
  close: () => Promise<void>;
}

export async function startIdpPeer(options: IdpPeerOptions): Promise<IdpPeer> {
  const codes = new Map<string, { documents: Record<string, unknown>; redirectUri: string }>();
  const tokens = new Map<string, Record<string, unknown>>();
  let hanging = 0;
  const peer: IdpPeer = {
    url: '',
    requests: [],
    nextPerson: {},
    issueCode: (documents, redirectUri) => {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { documents, redirectUri });
      return code;
    },
    hang: (count) => {
      hanging = count;
    },
    close: async () => {},
  };

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const tokenEndpoint = (request: IdpPeerRequest, response: ServerResponse) => {
    const refuse = (error: string, description: string) =>
      json(response, options.errorsWithStatus200 ? 200 : 400, { error, error_description: description });
    const form = request.form;
    let clientId = form.get('client_id') ?? '';
    let clientSecret = form.get('client_secret') ?? '';
    const basic = request.headers.authorization?.match(/^Basic (.+)$/);
    if (basic?.[1]) [clientId = '', clientSecret = ''] = Buffer.from(basic[1], 'base64').toString().split(':');
    if (request.method !== 'POST') return refuse('invalid_request', 'POST expected');
    if (form.get('grant_type') !== 'authorization_code')
      return refuse('unsupported_grant_type', `grant_type ${form.get('grant_type')}`);
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) return refuse('invalid_client', 'bad client');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    if (!issued) return refuse('invalid_grant', 'unknown or used code');
    codes.delete(code);
    if (form.get('redirect_uri') !== issued.redirectUri) return refuse('invalid_grant', 'redirect_uri mismatch');
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, issued.documents);
    return json(response, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      scope: 'openid profile email',
      expires_in: 3600,
    });
  };

  const server = createTextServer((incoming, body, response) => {
    const url = new URL(incoming.url ?? '/', 'http://peer');
    const request: IdpPeerRequest = {
      method: incoming.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      form: new URLSearchParams(body),
    };
    peer.requests.push(request);
    if (hanging > 0) {
      hanging -= 1;
      return;
    }
    if (request.path === options.authorizePath) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (
        url.searchParams.get('client_id') !== options.clientId ||
        url.searchParams.get('response_type') !== 'code' ||
        !redirectUri
      ) {
        return json(response, 400, { error: 'invalid_request' });
      }
      const back = new URL(redirectUri);
      back.searchParams.set('code', peer.issueCode(peer.nextPerson, redirectUri));
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return response.writeHead(302, { location: back.toString() }).end();
    }
    if (request.path === options.tokenPath) return tokenEndpoint(request, response);
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
    const documents = tokens.get(bearer);
    if (!documents) return json(response, 401, { message: 'Bad credentials' });
    if (!(request.path in documents)) return json(response, 404, { message: 'Not Found' });
    return json(response, 200, documents[request.path]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return peer;
}
