import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { baseURL } from '../playwright.config.js';

/**
 * A minimal SAML service provider web application on a loopback port, built on @node-saml/node-saml
 * (not our code), configured from the IdP's published metadata: /login?binding=redirect|post
 * sends the browser to the IdP with an AuthnRequest over that binding, /acs validates the posted
 * SAMLResponse (signature, audience, InResponseTo, timestamps) and shows who signed in.
 */
export interface ServiceProvider {
  origin: string;
  /** The SP's entity ID (the AuthnRequest's Issuer, the assertion's audience). */
  entityId: string;
  acsUrl: string;
  /**
   * Reads the metadata of the application and trusts its certificate; `entryPoint` replaces the
   * SSO location it names (as an SP configured by hand would).
   */
  useIdentityProvider: (application: string, entryPoint?: string) => Promise<void>;
  close: () => Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startServiceProvider(): Promise<ServiceProvider> {
  let saml: SAML | null = null;
  let origin = '';
  const server = http.createServer(async (req, res) => {
    const here = new URL(req.url ?? '/', origin);
    try {
      if (!saml) throw new Error('no identity provider configured');
      if (req.method === 'GET' && here.pathname === '/login') {
        const relayState = here.searchParams.get('relayState') ?? '';
        if (here.searchParams.get('binding') === 'post') {
          // The same options, so the same cache of sent requests (InResponseTo) as the ACS uses.
          const post = new SAML({ ...saml.options, authnRequestBinding: 'HTTP-POST', skipRequestCompression: true });
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await post.getAuthorizeFormAsync(relayState));
        } else {
          res.writeHead(302, { location: await saml.getAuthorizeUrlAsync(relayState, undefined, {}) }).end();
        }
        return;
      }
      if (req.method === 'POST' && here.pathname === '/acs') {
        const form = await readForm(req);
        const { profile } = await saml.validatePostResponseAsync({
          SAMLResponse: form.get('SAMLResponse') ?? '',
          RelayState: form.get('RelayState') ?? '',
        });
        if (!profile) throw new Error('no profile');
        const line = (id: string, value: unknown) => `<p id="${id}">${escapeHtml(String(value ?? ''))}</p>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Service provider</title><h1>Hello ${escapeHtml(profile.nameID)}</h1>${line('issuer', profile.issuer)}${line('email', profile.Email)}${line('display-name', profile.DisplayName)}${line('department', profile.Department)}${line('relay-state', form.get('RelayState'))}`,
        );
        return;
      }
      res.writeHead(404).end('not found');
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`service provider error: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const acsUrl = `${origin}/acs`;

  return {
    origin,
    entityId,
    acsUrl,
    useIdentityProvider: async (application, entryPointOverride) => {
      const response = await fetch(`${baseURL}/api/saml/metadata?application=admin/${application}&enablePostBinding=true`);
      const metadata = await response.text();
      if (!response.ok) throw new Error(`metadata: ${metadata}`);
      const certificate = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(metadata)?.[1];
      const entryPoint = entryPointOverride ?? /<md:SingleSignOnService [^>]*Location="([^"]+)"/.exec(metadata)?.[1];
      const idpIssuer = /entityID="([^"]+)"/.exec(metadata)?.[1];
      if (!certificate || !entryPoint || !idpIssuer) throw new Error(`unreadable metadata: ${metadata}`);
      saml = new SAML({
        entryPoint,
        issuer: entityId,
        callbackUrl: acsUrl,
        idpCert: certificate,
        idpIssuer,
        audience: entityId,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: true,
        validateInResponseTo: ValidateInResponseTo.always,
        // node-saml asks for the e-mail address by default; this SP greets the user by name.
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
