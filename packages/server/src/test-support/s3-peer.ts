import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible peer on a loopback port for the storage tests: s3rver keeps the buckets
 * and objects (on disk, in a folder of its own), behind a front that checks AWS Signature V4 the
 * way S3 does (s3rver itself checks only the access key id of V4 requests). Unsigned requests pass
 * through, as the public reads of a public bucket do.
 */
export interface S3Peer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close: () => Promise<void>;
}

/** s3rver's built-in account (its only one). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 encoding, as SigV4 canonicalizes query names and values. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return [encodeRfc3986(decode(name)), encodeRfc3986(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Null when the request's SigV4 signature is right (or it is unsigned), else S3's error code. */
export function checkSignature(request: IncomingMessage, secrets: Map<string, string>): string | null {
  const authorization = request.headers.authorization;
  if (!authorization) return null;
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, accessKeyId = '', day = '', region = '', service = '', signedHeaders = '', signature = ''] = match;
  const secret = secrets.get(accessKeyId);
  if (!secret) return 'InvalidAccessKeyId';
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
  const headerNames = signedHeaders.split(';');
  const headerValue = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalRequest = [
    request.method ?? 'GET',
    rawPath,
    canonicalQuery(rawQuery),
    headerNames.map((name) => `${name}:${headerValue(name)}\n`).join(''),
    signedHeaders,
    headerValue('x-amz-content-sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', headerValue('x-amz-date'), scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'SignatureDoesNotMatch';
}

function refuse(response: ServerResponse, code: string) {
  response.writeHead(403, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>`,
  );
}

/** Starts the peer with one bucket. */
export async function startS3Peer(bucket = 'gatehouse-test'): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-s3-'));
  const s3 = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const secrets = new Map([[ACCESS_KEY_ID, SECRET_ACCESS_KEY]]);
  const server = http.createServer((request, response) => {
    const refused = checkSignature(request, secrets);
    if (refused) {
      request.resume();
      refuse(response, refused);
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.logger.exceptions.unhandle();
      s3.logger.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
