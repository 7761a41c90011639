import { formatBytes } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { isBusyError, isUnavailableError } from '../db/database.js';
import { isUnstorableValueError } from '../db/value-errors.js';
import { AppError } from '../errors.js';
import { fail } from '../http/envelope.js';
import { isMalformedMultipart } from '../http/uploads.js';
import { OAuthError, sendOAuthError } from '../protocols/oidc/errors.js';

/** The body limits the server's parsers apply, as the refusals name them. */
export interface BodyLimits {
  /** Largest JSON or form body (bytes). */
  body: number;
  /** Largest multipart file, unless its route sets a lower limit (bytes). */
  multipartFile: number;
}

/**
 * What the server answers when a request throws: an AppError is the envelope with its message in
 * the caller's language and its HTTP status; an OAuthError OAuth's own JSON; too-large bodies and
 * files 413; malformed JSON or multipart and other client errors the invalidRequest or badJson
 * envelope; a value the engine cannot store the invalidRequest envelope; a busy database 503
 * databaseBusy, an unreachable one 503 databaseUnavailable; anything else is logged and answered
 * 500 with the request id.
 */
export function registerErrorHandler(app: FastifyInstance, limits: BodyLimits): void {
  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof AppError) return reply.code(error.httpStatus).send(fail(request, error.key, error.params));
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      // The route's own file limit (upload-resource) when it has one, else the plugin's.
      const limit = request.routeOptions.config.multipartOptions?.limits?.fileSize ?? limits.multipartFile;
      return reply.code(413).send(fail(request, 'uploadTooLarge', { limit: formatBytes(limit) }));
    }
    if (error.code === 'FST_FILES_LIMIT') return reply.code(413).send(fail(request, 'uploadOneFile'));
    if (isMalformedMultipart(request, error)) {
      return reply.code(400).send(fail(request, 'invalidRequest', { detail: 'the multipart body is malformed' }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(fail(request, 'bodyTooLarge', { limit: limits.body }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return reply.send(fail(request, 'badJson'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail(request, 'invalidRequest', { detail: error.message }));
    }
    if (isUnstorableValueError(error)) {
      // A NUL character or a number out of range that the engine refused (SQLite stores them).
      return reply.send(
        fail(request, 'invalidRequest', { detail: 'a value holds a character or a number the database cannot store' }),
      );
    }
    if (isBusyError(error)) {
      // Another writer held the database past the busy timeout: the write was rolled back whole
      // and may pass when tried again.
      request.log.warn({ err: error }, 'database busy');
      return reply.code(503).header('retry-after', '1').send(fail(request, 'databaseBusy'));
    }
    if (isUnavailableError(error)) {
      // The database restarts, fails over or is cut off: the pools reconnect on later requests.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send(fail(request, 'databaseUnavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(request, 'internal', { id: String(request.id) }));
  });
}
