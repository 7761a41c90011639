import { type Web3ChainId, type Web3TypedData, web3TypedData } from '@gatehouse/entities';
import { recoverTypedDataAddress } from 'viem';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';

/**
 * Checks a Web3 sign-in token (the JSON text the /callback page posts as the code; see
 * entities/web3-auth.ts): the typed data must be exactly the sign-in request the console builds,
 * its signature must recover the address the token claims, it must carry the nonce issued for
 * this sign-in, and it must have been signed recently. Any chain: the chain id is not checked.
 */

/** How old a signed request may be, and how far ahead of the server's clock. */
export const WEB3_MAX_AGE_SECONDS = 10 * 60;
export const WEB3_MAX_AHEAD_SECONDS = 2 * 60;

/** The largest token accepted (a sign-in request is well under 2 KB). */
const MAX_TOKEN_CHARS = 16 * 1024;

export interface VerifiedWeb3Token {
  /** The signing address, lower case (the identity). */
  address: string;
  nonce: string;
  signedAt: Date;
  walletType: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** 65 bytes (r, s, v), or 64 in the compact form of EIP-2098. */
const SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

const invalid = (detail: string) => new AppError('web3TokenInvalid', { detail });

function parseJson(text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(`${what} is not JSON`);
  }
  if (!isJsonObject(parsed)) throw invalid(`${what} is not an object`);
  return parsed;
}

/** Structural equality of JSON values (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

function chainIdOf(domain: unknown): Web3ChainId | undefined {
  if (!isJsonObject(domain)) throw invalid('the typed data has no domain');
  const value = domain.chainId;
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^(?:0x[0-9a-fA-F]{1,64}|[1-9]\d{0,77})$/.test(value)) return value;
  throw invalid('the chain id is not a positive integer');
}

/** The typed data of the token, rebuilt from its values: anything but the console's sign-in request is refused. */
function signinRequestOf(text: string): Web3TypedData {
  const given = parseJson(text, 'the typed data');
  const message = given.message;
  if (!isJsonObject(message)) throw invalid('the typed data has no message');
  const { nonce, createAt } = message;
  if (typeof nonce !== 'string' || typeof createAt !== 'string') throw invalid('the message needs a nonce and a createAt');
  const expected = web3TypedData({ nonce, createAt, chainId: chainIdOf(given.domain) });
  if (!sameJson(given, expected)) throw invalid('the typed data is not a sign-in request of this server');
  return expected;
}

/** The signing address of `typedData`, or the refusal of a signature that recovers none. */
async function signerOf(typedData: Web3TypedData, signature: `0x${string}`): Promise<string> {
  try {
    const signer = await recoverTypedDataAddress({ ...typedData, signature } as Parameters<typeof recoverTypedDataAddress>[0]);
    return signer.toLowerCase();
  } catch {
    throw new AppError('web3SignatureInvalid');
  }
}

/**
 * The verified token, or the refusal: `nonce` is the one issued for this sign-in (the state's),
 * `now` the server's clock. Nothing is stored or spent here.
 */
export async function verifyWeb3Token(code: string, expect: { nonce: string; now?: Date }): Promise<VerifiedWeb3Token> {
  if (code.length > MAX_TOKEN_CHARS) throw invalid('the token is too large');
  const token = parseJson(code, 'the token');
  const { address, typedData, signature, createAt, walletType } = token;
  if (typeof address !== 'string' || !ADDRESS.test(address)) throw invalid('the address is not an Ethereum address');
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) throw invalid('the signature is not 65 bytes in hexadecimal');
  if (typeof typedData !== 'string') throw invalid('the typed data is missing');
  if (walletType !== undefined && typeof walletType !== 'string') throw invalid('the wallet type is not text');

  const request = signinRequestOf(typedData);
  const signer = await signerOf(request, signature as `0x${string}`);
  if (signer !== address.toLowerCase()) throw new AppError('web3WrongSigner', { signer, address });

  if (!expect.nonce || request.message.nonce !== expect.nonce) throw new AppError('web3NonceMismatch');

  const { createAt: signedText } = request.message;
  const signedAt = new Date(signedText);
  if (!ISO_INSTANT.test(signedText) || Number.isNaN(signedAt.getTime())) throw invalid('createAt is not an ISO 8601 time');
  if (createAt !== undefined && createAt !== Math.floor(signedAt.getTime() / 1000)) {
    throw invalid('createAt differs from the signed request');
  }
  const now = expect.now ?? new Date();
  const age = (now.getTime() - signedAt.getTime()) / 1000;
  if (age > WEB3_MAX_AGE_SECONDS || -age > WEB3_MAX_AHEAD_SECONDS) {
    throw new AppError('web3Stale', { createAt: signedText, minutes: WEB3_MAX_AGE_SECONDS / 60 });
  }
  return { address: address.toLowerCase(), nonce: request.message.nonce, signedAt, walletType: String(walletType ?? '') };
}
