import type { Envelope } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { type Lang, langOf, type MessageKey, type MessageParams, translate } from '../i18n.js';

export function ok(): Envelope<undefined, undefined>;
export function ok<D>(data: D): Envelope<D, undefined>;
export function ok<D, D2>(data: D, data2: D2): Envelope<D, D2>;
export function ok(data?: unknown, data2?: unknown): Envelope<unknown, unknown> {
  return { status: 'ok', msg: '', data, data2 };
}

/**
 * An error envelope. `code` (the message key) is an addition to the wire format that lets clients
 * tell refusals apart in any language; Casdoor clients ignore it.
 */
export function fail(request: FastifyRequest, key: MessageKey, params?: MessageParams): Envelope<null, null> {
  return { status: 'error', msg: translate(key, requestLang(request), params), code: key, data: null, data2: null };
}

export function requestLang(request: FastifyRequest): Lang {
  return langOf(request.headers['accept-language']);
}
