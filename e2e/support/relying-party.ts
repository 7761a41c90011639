import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { baseURL } from '../playwright.config.js';

/**
 * A minimal relying-party web application on a loopback port, built on openid-client (not our
 * code): /login starts the authorization-code flow with PKCE (for `scope`), /callback redeems the
 * code and shows who signed in and the granted scope, or the error the authorization server sent
 * back (openid-client checks its state).
 */
export interface RelyingParty {
  url: string;
  redirectUri: string;
  close: () => Promise<void>;
}

export async function startRelyingParty(
  clientId: string,
  clientSecret: string,
  port: number,
  scope = 'openid profile email',
): Promise<RelyingParty> {
  const url = `http://127.0.0.1:${port}`;
  const redirectUri = `${url}/callback`;
  const config = await oidc.discovery(new URL(baseURL), clientId, clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const pending = new Map<string, { verifier: string; nonce: string }>();

  const server = http.createServer(async (req, res) => {
    const here = new URL(req.url ?? '/', url);
    try {
      if (here.pathname === '/login') {
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        pending.set(state, { verifier, nonce });
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        });
        res.writeHead(302, { location: target.href }).end();
        return;
      }
      if (here.pathname === '/callback') {
        const state = here.searchParams.get('state') ?? '';
        const flow = pending.get(state);
        if (!flow) throw new Error('unknown state');
        pending.delete(state);
        const tokens = await oidc
          .authorizationCodeGrant(config, here, {
            pkceCodeVerifier: flow.verifier,
            expectedState: state,
            expectedNonce: flow.nonce,
          })
          .catch((error: unknown) => {
            if (error instanceof oidc.AuthorizationResponseError) return error;
            throw error;
          });
        if (tokens instanceof oidc.AuthorizationResponseError) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><title>Relying party</title><h1>Refused: ${tokens.error}</h1>`);
          return;
        }
        const claims = tokens.claims();
        const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims?.sub));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Relying party</title><h1>Hello ${String(info.preferred_username)}</h1><p id="email">${String(info.email ?? '')}</p><p id="scope">${String(tokens.scope ?? '')}</p>`,
        );
        return;
      }
      res.writeHead(404).end('not found');
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`relying party error: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  if (bound !== port) throw new Error('port mismatch');
  return { url, redirectUri, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
