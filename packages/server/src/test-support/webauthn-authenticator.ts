import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for API tests of the passkey ceremonies: an ES256 key pair of
 * node:crypto, 'none' attestation, authenticator data and CBOR written by hand, and the client
 * data a browser would collect. It answers the server's real options with real responses, so the
 * server's verification library checks real signatures.
 */

type Cbor = number | string | Uint8Array | CborMap | Cbor[];
type CborMap = Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The CBOR encoding (RFC 8949) of whole numbers, byte and text strings, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  const entries = [...value];
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** Options of a begin call, as the browser reads them (the fields the authenticator uses). */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface Ceremony {
  /** The page's origin the browser reports (the server must expect it). */
  origin: string;
  /** The RP ID the authenticator scopes the credential to (default: the options' RP ID). */
  rpId?: string;
  /** The client data type (default webauthn.create / webauthn.get). */
  type?: string;
  /** The challenge signed (default: the options'). */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle = Buffer.alloc(0);
  /** The signature counter; each assertion adds one (set it to replay an old value). */
  counter = 0;
  /** Whether the user was verified (a PIN, a fingerprint). */
  userVerified = true;

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // kty EC2, alg ES256, crv P-256, x, y.
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  private flags(extra = 0): number {
    return UP | (this.userVerified ? UV : 0) | extra;
  }

  private clientData(ceremony: Ceremony, type: string, challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: ceremony.type ?? type,
        challenge: ceremony.challenge ?? challenge,
        origin: ceremony.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create: the new credential, as a browser's JSON (base64url fields). */
  register(options: CreationOptions, ceremony: Ceremony) {
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(ceremony.origin).hostname;
    this.userHandle = Buffer.from(options.user.id, 'base64url');
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(AT)]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData(ceremony, 'webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The user handle the credential was registered with (the server's user id). */
  get handle(): string {
    return this.userHandle.toString('utf8');
  }

  /** navigator.credentials.get: an assertion signed with the credential's private key. */
  assert(options: RequestOptions, ceremony: Ceremony) {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(ceremony.origin).hostname;
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = this.clientData(ceremony, 'webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(this.userHandle),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
