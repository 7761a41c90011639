import { nowRfc3339 } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolvedAccountOf } from '../auth/account.js';
import { timeOrderedId } from '../crypto/time-ordered-id.js';
import type { NewAuditRecord } from '../domain/record.js';
import { newUserObjectOf, recordSubjectOf } from '../http/record-subject.js';
import type { RecordQueue } from './record-queue.js';

/**
 * The audit trail: every API call that changes state — POST, PUT, PATCH and
 * DELETE under /api (sign-in, sign-up, sign-out and the token endpoints among them), and a GET
 * /api/logout — becomes a record: who (the signed-in caller, else whom the call signed in, else the
 * organization the body names), what (method, address, Casdoor's action: the path after /api/),
 * the request body with its secrets as ***, and the answer's status and message (never its data,
 * which may hold tokens). Reads are not recorded, nor POSTs that only read (get-*, userinfo,
 * introspect), nor calls of no route. The answer is sent before anything is recorded; the record
 * waits in the queue (record-queue.ts) for its batch.
 */

/**
 * Names whose values are secrets wherever they occur in a body or a query: passwords, client
 * secrets, codes, keys and tokens, and what signs someone in by itself (SAML responses and
 * assertions, signatures, CAS tickets).
 */
const SECRET_NAME = /password|secret|token|code|key|credential|saml|assertion|signature|ticket/i;
/** POSTs that only read (enforcement answers questions; it changes nothing). */
const READS = /^\/api\/(get-|userinfo$|login\/oauth\/introspect$|enforce$|batch-enforce$|enforce-explain$|simulate-permission$)/;
/** Longest stored request address and body (the columns' sizes). */
const MAX_URI = 1000;
const MAX_OBJECT = 100_000;
/** Answers longer than this are not read for their status (an envelope is much shorter). */
const MAX_READ_ANSWER = 64 * 1024;

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/**
 * Casdoor's action: the path after /api/; a payment notification (notify-payment/<owner>/<payment>)
 * is `notify-payment`, the webhook event.
 */
export function actionOf(path: string): string {
  const action = path.slice('/api/'.length, 255 + '/api/'.length);
  return action.startsWith('notify-payment') ? 'notify-payment' : action;
}

function recorded(request: FastifyRequest): boolean {
  const path = pathOf(request);
  if (!path.startsWith('/api/') || !request.routeOptions.url) return false;
  if (request.method === 'GET') return path === '/api/logout';
  if (request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  return !READS.test(path);
}

/** A value with every secret (by its key's name) replaced by ***; files as their size. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (Buffer.isBuffer(value)) return `(file, ${value.length} bytes)`;
  if (depth > 20) return '…';
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_NAME.test(key) && item !== '' && item !== null ? '***' : maskSecrets(item, depth + 1);
  }
  return out;
}

/** The request address with the values of secret parameters as *** (access tokens in the query, client secrets). */
export function maskedUri(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.slice(0, MAX_URI);
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(query.keys())) if (SECRET_NAME.test(name)) query.set(name, '***');
  return `${url.slice(0, at)}?${query.toString()}`.slice(0, MAX_URI);
}

function objectOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const text = JSON.stringify(maskSecrets(body));
  return text.length > MAX_OBJECT ? text.slice(0, MAX_OBJECT) : text;
}

/** Casdoor's response column: the envelope's status and message (an OAuth answer's error and description). */
export function responseOf(answer: string | undefined): string {
  let status = '';
  let msg = '';
  if (answer !== undefined) {
    try {
      const parsed: unknown = JSON.parse(answer);
      if (typeof parsed === 'object' && parsed !== null) {
        const fields: Record<string, unknown> = { ...parsed };
        const text = (v: unknown) => (typeof v === 'string' ? v : '');
        if ('status' in fields) {
          status = text(fields.status);
          msg = text(fields.msg);
        } else if ('error' in fields) {
          status = 'error';
          msg = text(fields.error_description) || text(fields.error);
        } else {
          status = 'ok';
        }
      }
    } catch {
      // Not JSON (a redirect, an empty answer): nothing to say.
    }
  }
  return `{status:"${status}", msg:"${msg}"}`.slice(0, 2000);
}

/** The first language of Accept-Language, as two letters ('en' when none). */
function languageOf(request: FastifyRequest): string {
  const header = String(request.headers['accept-language'] ?? '');
  const code = header.slice(0, 2).toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : 'en';
}

async function subjectOf(request: FastifyRequest): Promise<{ organization: string; user: string }> {
  const noted = recordSubjectOf(request);
  if (noted) return noted;
  // Only what the call resolved itself: recording never looks the caller up.
  const account = await resolvedAccountOf(request)?.catch(() => null);
  if (account) return { organization: account.viewer.owner, user: account.viewer.name };
  // A failed sign-in or sign-up: the organization it named.
  const body: unknown = request.body;
  const organization =
    typeof body === 'object' && body !== null && 'organization' in body && typeof body.organization === 'string'
      ? body.organization
      : '';
  return { organization: organization.slice(0, 100), user: '' };
}

/** What a recorded call's record takes from its answer while the connection is open. */
interface Sent {
  /** The answer's text (undefined when it is not text or too long to read). */
  answer: string | undefined;
  /**
   * The caller's address, read before the answer is sent: once a caller has hung up, its socket has
   * no address and `request.ip` is undefined (whatever its type says).
   */
  clientIp: string;
}

async function recordOf(request: FastifyRequest, reply: FastifyReply, sent: Sent | undefined): Promise<NewAuditRecord> {
  const { organization, user } = await subjectOf(request);
  return {
    owner: organization,
    name: timeOrderedId(),
    createdTime: nowRfc3339(),
    organization,
    clientIp: (sent?.clientIp ?? request.ip ?? '').slice(0, 100),
    user: user.slice(0, 100),
    method: request.method,
    requestUri: maskedUri(request.url),
    action: actionOf(pathOf(request)),
    language: languageOf(request),
    object: objectOf(request.body),
    response: responseOf(sent?.answer),
    statusCode: reply.statusCode,
    isTriggered: false,
  };
}

export function registerRecording(app: FastifyInstance, queue: RecordQueue): void {
  const sent = new WeakMap<FastifyRequest, Sent>();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (recorded(request)) {
      const answer = typeof payload === 'string' && payload.length <= MAX_READ_ANSWER ? payload : undefined;
      sent.set(request, { answer, clientIp: request.ip ?? '' });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!recorded(request)) return;
    try {
      const record = await recordOf(request, reply, sent.get(request));
      queue.push(record);
      // A sign-up's user, recorded as Casdoor's `new-user` (a webhook event) after the call's own record.
      const newUser = newUserObjectOf(request);
      if (newUser !== undefined) {
        queue.push({ ...record, name: timeOrderedId(), action: 'new-user', object: newUser.slice(0, MAX_OBJECT) });
      }
    } catch (err) {
      request.log.error({ err }, 'audit record not made');
    }
  });
}
