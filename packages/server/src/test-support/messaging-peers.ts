import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import 'reflect-metadata';
import { fieldEntries, type Provider, provider as providerDef } from '@gatehouse/entities';
import * as x509 from '@peculiar/x509';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * Loopback peers for the messaging tests: an HTTP server that records what it receives and answers
 * what the test says, an SMTP server (smtp-server) that keeps the messages, and a self-signed TLS
 * certificate for localhost / 127.0.0.1.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as form fields (or JSON object values as strings). */
  fields: Record<string, string>;
}

export interface PeerAnswer {
  status?: number;
  json?: unknown;
  text?: string;
}

export interface HttpPeer {
  url: string;
  requests: RecordedRequest[];
  /** What the peer answers (by default 200 {"ok":true}). */
  answer: (request: RecordedRequest) => PeerAnswer;
  close: () => Promise<void>;
}

function fieldsOf(headers: IncomingHttpHeaders, body: string): Record<string, string> {
  if (headers['content-type']?.startsWith('application/json')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** An HTTP server on loopback whose handler gets each request with its whole body as text. */
export function createTextServer(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => handle(request, body, response));
  });
}

export async function startHttpPeer(): Promise<HttpPeer> {
  const peer = {
    url: '',
    requests: [] as RecordedRequest[],
    answer: (_request: RecordedRequest): PeerAnswer => ({ json: { ok: true } }),
    close: async () => {},
  };
  const server = createTextServer((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      fields: fieldsOf(request.headers, body),
    };
    peer.requests.push(recorded);
    const answer = peer.answer(recorded);
    if (answer.json !== undefined) {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    } else {
      response.writeHead(answer.status ?? 200, { 'content-type': 'text/plain' }).end(answer.text ?? '');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return peer;
}

/** A key and a self-signed certificate for localhost and 127.0.0.1 (PEM). */
export async function selfSignedTls(): Promise<{ key: string; cert: string }> {
  x509.cryptoProvider.set(webcrypto as unknown as ReturnType<typeof x509.cryptoProvider.get>);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = {
    privateKey: await webcrypto.subtle.importKey('pkcs8', privateKey.export({ type: 'pkcs8', format: 'der' }), algorithm, false, [
      'sign',
    ]),
    publicKey: await webcrypto.subtle.importKey('spki', publicKey.export({ type: 'spki', format: 'der' }), algorithm, true, [
      'verify',
    ]),
  };
  const notBefore = new Date(Date.now() - 60_000);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=localhost',
    notBefore,
    notAfter: new Date(notBefore.getTime() + 24 * 3600_000),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert: cert.toString('pem') };
}

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  user?: string;
  secure: boolean;
  raw: string;
  headers: Record<string, string>;
  html: string;
}

export interface SmtpPeer {
  port: number;
  messages: ReceivedMail[];
  close: () => Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers (unfolded, lower-case names) and the decoded body of a single-part message. */
export function parseMail(raw: string): { headers: Record<string, string>; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, html: body.replace(/\r\n$/, '') };
}

export interface SmtpPeerOptions {
  /** Implicit TLS with this key and certificate. */
  secure?: { key: string; cert: string };
  /** Offer STARTTLS with this key and certificate (otherwise STARTTLS is disabled). */
  starttls?: { key: string; cert: string };
  /** Require AUTH with these credentials (otherwise AUTH is optional). */
  auth?: { user: string; pass: string };
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const tls = options.secure ?? options.starttls;
  const serverOptions: SMTPServerOptions = {
    secure: !!options.secure,
    key: tls?.key,
    cert: tls?.cert,
    disabledCommands: options.starttls || options.secure ? [] : ['STARTTLS'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          secure: session.secure,
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  // Clients that refuse the certificate drop the connection: the server reports it, tests expect it.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A provider record with every field empty but those given (unit tests of the senders). */
export function providerRecord(values: Partial<Provider>): Provider {
  const record: Record<string, unknown> = {};
  for (const [key, field] of fieldEntries(providerDef)) record[key] = field.empty();
  return { ...record, owner: 'admin', name: 'provider_test', displayName: 'Test Provider', ...values } as Provider;
}
