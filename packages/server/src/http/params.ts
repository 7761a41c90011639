import type { FastifyRequest } from 'fastify';

/**
 * A request parameter as the wire format reads it: the query string first, then the body
 * (JSON, form-urlencoded or multipart fields). Non-string values are stringified.
 */
export function paramOf(request: FastifyRequest, name: string): string {
  const fromQuery = queryOf(request)[name];
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const body = request.body;
  if (isJsonObject(body)) {
    const v = body[name];
    if (v === undefined || v === null) return typeof fromQuery === 'string' ? fromQuery : '';
    return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return typeof fromQuery === 'string' ? fromQuery : '';
}

/** Whether a value is a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request's body when it is an object (JSON, form or multipart fields), else an empty one. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return isJsonObject(request.body) ? request.body : {};
}

/** The request's query string parameters (Fastify parses each into a string or a list of strings). */
export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return isJsonObject(request.query) ? request.query : {};
}

/** One query string parameter as text ('' when missing or repeated). */
export function queryParam(request: FastifyRequest, name: string): string {
  const value = queryOf(request)[name];
  return typeof value === 'string' ? value : '';
}
