import type { Envelope } from '@gatehouse/entities';
import { currentLanguage } from '../i18n/i18n';

/**
 * How the console talks to the server: every call goes to a relative /api URL (the server refuses
 * cross-site writes), sends the session cookie and the console's language, and answers the
 * {status, msg, data, data2} envelope as it came. Nothing else in the console calls fetch; the
 * other modules of this folder name the calls.
 */

/** A stored record as the wire carries it. */
export type Rec = Record<string, unknown>;

/** The server could not be reached, or answered something that is not an envelope. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** An error envelope, thrown where a caller wants ok-or-throw (queries). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: string | undefined,
    /** The record's field the refusal is about (the envelope's `field`), for a form to show it there. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Codes that mean "you may not see this" (signed out, or signed in without the right). */
const UNAUTHORIZED_CODES = new Set(['unauthorized', 'pleaseLogin']);

export function isUnauthorizedCode(code: string | undefined): boolean {
  return code !== undefined && UNAUTHORIZED_CODES.has(code);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && isUnauthorizedCode(error.code);
}

interface RequestOptions {
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (uploads); the browser sets its content type. */
  form?: FormData;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && ((value as Envelope).status === 'ok' || (value as Envelope).status === 'error')
  );
}

/** Sends a call and reads its JSON answer, whatever its shape, with the HTTP status. */
async function send(
  method: 'GET' | 'POST',
  path: string,
  { query, body, form }: RequestOptions,
): Promise<{ status: number; payload: unknown }> {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  let response: Response;
  try {
    response = await fetch(`${path}${search}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(form ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  // Refusals may come with a 4xx/5xx status but still carry an envelope; read it whenever present.
  try {
    return { status: response.status, payload: await response.json() };
  } catch {
    throw new NetworkError(`HTTP ${response.status} ${response.statusText}`.trim());
  }
}

export async function request<D = unknown, D2 = unknown>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<D, D2>> {
  const { status, payload } = await send(method, path, options);
  if (!isEnvelope(payload)) throw new NetworkError(`HTTP ${status}: unexpected answer`);
  return payload as Envelope<D, D2>;
}

/**
 * A call whose answer is a JSON object other than the envelope (the WebAuthn begin calls answer
 * go-webauthn's objects, as Casdoor's do); an error envelope is thrown as an ApiError.
 */
export async function requestObject(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<Rec> {
  const { status, payload } = await send(method, path, options);
  if (isEnvelope(payload) && payload.status === 'error') throw new ApiError(payload.msg, payload.code, payload.field);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new NetworkError(`HTTP ${status}: unexpected answer`);
  return { ...payload };
}

/** The envelope when it is ok; otherwise an ApiError carrying its msg and code. */
export function unwrap<D, D2>(envelope: Envelope<D, D2>): Envelope<D, D2> {
  if (envelope.status !== 'ok') throw new ApiError(envelope.msg, envelope.code, envelope.field);
  return envelope;
}
