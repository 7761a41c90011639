import type { Envelope } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { type Lang, langOf, type MessageKey, type MessageParams, translate } from '../i18n.js';

export function ok(): Envelope<undefined, undefined>;
export function ok<D>(data: D): Envelope<D, undefined>;
export function ok<D, D2>(data: D, data2: D2): Envelope<D, D2>;
export function ok(data?: unknown, data2?: unknown): Envelope<unknown, unknown> {
  return { status: 'ok', msg: '', data, data2 };
}

/** Refusals of one field's value, whose `field` parameter names it. */
const FIELD_REFUSALS: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'invalidField',
  'fieldUrlScheme',
  'fieldImageUrl',
  'fieldEmail',
  'fieldIpList',
  'fieldLocked',
]);
/** Refusals of a record's name. */
const NAME_REFUSALS: ReadonlySet<MessageKey> = new Set<MessageKey>(['nameRequired', 'badName', 'badPathName']);

/** The record's field a refusal is about, when it is about one. */
function fieldOf(key: MessageKey, params: MessageParams | undefined): string | undefined {
  if (NAME_REFUSALS.has(key)) return 'name';
  const field = params?.field;
  return FIELD_REFUSALS.has(key) && typeof field === 'string' ? field : undefined;
}

/**
 * An error envelope. `code` (the message key) is an addition to the wire format that lets clients
 * tell refusals apart in any language, and `field` names the record's field a refusal is about
 * (the console shows it under that field); Casdoor clients ignore both.
 */
export function fail(request: FastifyRequest, key: MessageKey, params?: MessageParams): Envelope<null, null> {
  const envelope: Envelope<null, null> = {
    status: 'error',
    msg: translate(key, requestLang(request), params),
    code: key,
    data: null,
    data2: null,
  };
  const field = fieldOf(key, params);
  return field ? { ...envelope, field } : envelope;
}

export function requestLang(request: FastifyRequest): Lang {
  return langOf(request.headers['accept-language']);
}
